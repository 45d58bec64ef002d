/**
 * The query explorer and the API reference page in a real browser: Debian's Chromium
 * driven by playwright-core, against the built CLI server (`serve --db` on SQLite, so
 * the SQL statements show). A query is built by clicking and typing; the query
 * strings, the AST view, the rows, the statements and an error highlight are checked,
 * and each state is screenshotted under test-output/browser/. The pages run under
 * their Content-Security-Policy: any console error (a CSP violation is one), page
 * error, failed request or 4xx/5xx answer of the server fails the test that caused it.
 * Without Chromium the suite is skipped (and says so), except under CI (`CI=true`),
 * where it fails.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../cli/serve-process.js';
import type { OwnedProcess } from '../helpers/owned.js';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const OUTPUT = fileURLToPath(new URL('../../test-output/browser/', import.meta.url));
const present = existsSync(CHROMIUM);
const required = process.env['CI'] === 'true';
if (!present && !required) {
  process.stderr.write(`Skipped the browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium; CI never skips them).\n`);
}

describe.skipIf(!present && !required)('the query explorer in Chromium', () => {
  let context: BrowserContext | undefined;
  let page: Page;
  let origin: string;
  // Made in beforeAll, so released here (the owned helpers release what a test or a file makes).
  let directory: string | undefined;
  let server: OwnedProcess | undefined;
  /** What went wrong in the page since the last test: console errors (CSP violations), page errors, failed requests. */
  const problems: string[] = [];

  beforeAll(async () => {
    if (!present) throw new Error(`CI=true and no Chromium at ${CHROMIUM}: install it (apt-get install chromium)`);
    mkdirSync(OUTPUT, { recursive: true });
    directory = mkdtempSync(join(tmpdir(), 'jsonapi-query-browser-'));
    const database = join(directory, 'example.db');
    const loaded = await runCli(['load', '--db', `sqlite:${database}`]);
    expect(loaded.code, loaded.stderr).toBe(0);
    server = startCli(['serve', '--port', '0', '--db', `sqlite:${database}`, '--quiet']);
    [, origin = ''] = await server.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
    context = await chromium.launchPersistentContext(join(directory, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    // The page must never reach beyond the server it came from.
    await context.route((url) => !url.href.startsWith(origin), (route) => route.abort());
  });
  afterAll(async () => {
    await context?.close();
    if (server?.child.pid !== undefined) {
      try {
        process.kill(-server.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await server.exited;
    }
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  });

  afterEach(() => {
    // Taken out first, so that one test's trouble is reported once, by that test.
    expect(problems.splice(0)).toEqual([]);
  });

  const shot = (name: string) => page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: false });

  it('builds a query by clicking and typing, and shows its strings, AST, rows and SQL', async () => {
    await page.goto(`${origin}/`);
    await page.waitForSelector('body[data-state="ready"]');
    await page.selectOption('#type', 'person');
    await page.click('.group.root .add-cond');
    await page.selectOption('.cond .field', 'name');
    await page.selectOption('.cond .op', 'ilike');
    await page.fill('.cond .value', 'john%');
    await page.click('#add-sort');
    await page.selectOption('.sort-key .sort-field', 'birth_date');
    await page.selectOption('.sort-key .sort-dir', '-');
    await page.check('.include[value="computers"]');
    await page.click('#run');
    await page.waitForSelector('body[data-state="ok"]');

    expect(await page.textContent('#sent')).toBe('filter=[{"name":"name","op":"ilike","val":"john%"}]&sort=-birth_date&include=computers');
    expect(await page.textContent('#canonical')).toBe('filter=[{"name":"name","op":"ilike","val":"john%"}]&sort=-birth_date&include=computers');
    const ast = (await page.textContent('#ast')) ?? '';
    expect(ast).toContain('compare');
    expect(ast).toContain('op: "ilike"');
    expect(ast).toContain('value: "john%"');
    const ids = await page.$$eval('#rows-table tbody tr td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent));
    expect(ids).toEqual(['3', '1', '2']); // -birth_date: nulls sort last ascending, so JOHN's null date comes first
    expect(await page.textContent('#statements')).toContain('2 data-layer calls: read, readIncluded');
    const sql = await page.$$eval('.statement .sql', (blocks) => blocks.map((block) => block.textContent ?? ''));
    expect(sql.length).toBeGreaterThanOrEqual(2);
    expect(sql[0]).toMatch(/^select /);
    expect(await page.textContent('#statements')).toContain('"john%"');
    await shot('1-query');
  });

  it('highlights the offending filter entry and value from meta.pointer', async () => {
    await page.selectOption('.cond .field', 'birth_date');
    await page.selectOption('.cond .op', 'eq');
    await page.fill('.cond .value', '2021-02-30');
    await page.click('#run');
    await page.waitForSelector('body[data-state="error"]');

    expect(await page.textContent('#status')).toBe('HTTP 400');
    expect(await page.textContent('#errors')).toContain('invalid_value');
    expect(await page.textContent('#errors')).toContain('meta.pointer: /0/val');
    expect(await page.$$eval('.cond.invalid', (nodes) => nodes.length)).toBe(1);
    expect(await page.$$eval('.cond .value.invalid', (nodes) => nodes.length)).toBe(1);
    expect(await page.textContent('#filter-json mark.error')).toBe('"2021-02-30"');
    expect(await page.textContent('#ast')).toContain('no AST');
    expect(await page.textContent('#statements')).toContain('0 data-layer calls: none');
    await shot('2-error');
  });

  it('fits a phone-width screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.selectOption('.cond .field', 'name');
    await page.selectOption('.cond .op', 'eq');
    await page.fill('.cond .value', 'Jane');
    await page.click('#run');
    await page.waitForSelector('body[data-state="ok"]');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('3-phone');
  });

  it('compares two fields and sorts by a to-one path', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.selectOption('#type', 'computer');
    await page.click('#add-sort');
    await page.selectOption('.sort-key .sort-field', 'owner.name');
    await page.click('#run');
    await page.waitForSelector('body[data-state="ok"]');
    expect(await page.textContent('#sent')).toBe('sort=owner.name');

    await page.selectOption('#type', 'person');
    await page.click('.group.root .add-cond');
    await page.selectOption('.cond .field', 'name');
    await page.selectOption('.cond .op', 'ne');
    await page.selectOption('.cond .against', 'field');
    await page.selectOption('.cond .other', 'display_name');
    await page.click('#run');
    await page.waitForSelector('body[data-state="ok"]');
    expect(await page.textContent('#sent')).toBe('filter=[{"name":"name","op":"ne","field":"display_name"}]');
    expect(await page.textContent('#ast')).toContain('compare_fields');
    expect(await page.$$eval('#rows-table tbody tr', (rows) => rows.length)).toBeGreaterThan(0);
    await shot('4-fields');
  });

  it('serves its pages under a Content-Security-Policy, with an icon', async () => {
    const response = await page.goto(`${origin}/`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.waitForSelector('body[data-state="ready"]');
    // The icon the page names is served (no 404) and is an image the policy lets the page show.
    const icon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
      const image = new Image();
      image.src = href;
      await image.decode();
      return { href, width: image.naturalWidth };
    });
    expect(icon.href).toBe(`${origin}/__explorer/favicon.svg`);
    expect(icon.width).toBeGreaterThan(0);
    // An inline script is refused, as the policy says: the page reports the violation.
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true });
          const script = document.createElement('script');
          script.textContent = 'window.inlineRan = true;';
          document.body.append(script);
        }),
    );
    expect(refused).toBe('script-src-elem');
    expect(await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    // That violation was provoked on purpose: it is not a problem of the page.
    const expected = problems.findIndex((problem) => problem.includes('Content Security Policy'));
    if (expected !== -1) problems.splice(expected, 1);
  });

  it('renders the API reference from /openapi.json with its own script', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto(`${origin}/docs`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
    await page.waitForSelector('body[data-state="ready"]');
    expect(await page.textContent('#title')).toContain('JSON:API');
    const paths = await page.$$eval('.op .path', (nodes) => nodes.map((node) => node.textContent ?? ''));
    expect(paths).toContain('/persons');
    expect(paths).toContain('/computers/{id}/relationships/owner');
    expect(await page.$$eval('#toc a', (links) => links.map((link) => link.textContent))).toEqual(
      expect.arrayContaining(['person', 'computer', 'schemas']),
    );

    // One read, tried from the page: its parameters, then the server's answer.
    const operation = page.locator('[id="op-get.person.resource"]');
    await operation.locator('summary').click();
    expect(await operation.locator('table.params').textContent()).toContain('fields[person]');
    await operation.locator('form.try input[name="id"]').fill('1');
    await operation.locator('form.try input[name="query"]').fill('fields[person]=name');
    await operation.locator('form.try button[type="submit"]').click();
    await page.waitForSelector('[id="op-get.person.resource"] form.try[data-state="ok"]');
    expect(await operation.locator('.try-status').textContent()).toBe('HTTP 200 · application/vnd.api+json');
    expect(JSON.parse((await operation.locator('.try-output').textContent()) ?? '')).toMatchObject({
      data: { type: 'person', id: '1', attributes: { name: 'John' } },
    });
    await shot('5-reference');

    // A $ref is a link that opens its component.
    await operation.locator('a[href="#schemas-person.document.one"]').first().click();
    await page.waitForSelector('[id="schemas-person.document.one"][open]');
    expect(await page.textContent('[id="schemas-person.document.one"] pre')).toContain('"data"');
  });

  it('fits the reference page to a phone-width screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/docs`);
    await page.waitForSelector('body[data-state="ready"]');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('6-reference-phone');
  });
});
