/* global document, window */
// The API reference: renders the server's OpenAPI document (/openapi.json) — every
// operation by tag with its parameters and responses, a "Try it" form for reads, and
// the component schemas, $refs as links. Plain DOM, no framework, nothing but this
// server is contacted. See docs/explorer.md.

const $ = (selector) => document.querySelector(selector);

/** Creates an element with properties and children. */
function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'class') element.className = value;
    else if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else element[key] = value;
  }
  for (const child of children.flat()) if (child !== undefined && child !== null) element.append(child);
  return element;
}

/** Description text (CommonMark in OpenAPI) with its `code spans` as <code>; the rest stays plain text. */
function prose(tag, text, props = {}) {
  const parts = String(text ?? '').split(/`([^`]+)`/);
  return h(tag, props, parts.map((part, index) => (index % 2 === 1 ? h('code', { textContent: part }) : part)));
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'];
const COMPONENT_REF = /^#\/components\/(schemas|parameters|responses)\/(.+)$/;

let doc;

/** The JSON pointer target of a local `$ref` (`#/components/…`), or undefined. */
function target(ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let node = doc;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return node;
}

/** Follows `$ref`s until an object without one. */
function deref(value) {
  let node = value;
  for (let hops = 0; node !== null && typeof node === 'object' && typeof node.$ref === 'string' && hops < 20; hops++) {
    node = target(node.$ref);
  }
  return node ?? {};
}

const anchorOf = (ref) => {
  const match = COMPONENT_REF.exec(ref);
  return match === null ? undefined : `${match[1]}-${match[2]}`;
};

/** A short type text for a JSON Schema: `string (date)`, `integer`, `array of id | -id`, `person.filter`. */
function typeText(schema) {
  if (schema === undefined || schema === null || typeof schema !== 'object') return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop();
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) return variants.map(typeText).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.includes('array')) return `array of ${typeText(schema.items)}`;
  const text = types.length === 0 ? (schema.properties === undefined ? 'any' : 'object') : types.join(' | ');
  return schema.format === undefined ? text : `${text} (${schema.format})`;
}

/** Pretty-printed JSON in a <pre>, each local `$ref` a link to its component. */
function jsonView(value) {
  const pre = h('pre', { class: 'code' });
  const text = JSON.stringify(value, null, 2);
  let last = 0;
  for (const match of text.matchAll(/"\$ref": "(#\/components\/[^"]+)"/g)) {
    const anchor = anchorOf(match[1]);
    if (anchor === undefined) continue;
    const start = match.index + match[0].indexOf('"#');
    pre.append(text.slice(last, start), h('a', { href: `#${anchor}`, textContent: `"${match[1]}"` }));
    last = start + match[1].length + 2;
  }
  pre.append(text.slice(last));
  return pre;
}

/** The schema of a parameter: its `schema`, or that of its one `content` entry. */
function parameterSchema(parameter) {
  if (parameter.schema !== undefined) return parameter.schema;
  const [entry] = Object.values(parameter.content ?? {});
  return entry?.schema;
}

function parametersTable(parameters) {
  if (parameters.length === 0) return h('p', { class: 'label', textContent: 'No parameters.' });
  return h(
    'div',
    { class: 'scroll' },
    h(
      'table',
      { class: 'params' },
      h('thead', {}, h('tr', {}, ['Name', 'In', 'Type', 'Description'].map((text) => h('th', { textContent: text })))),
      h(
        'tbody',
        {},
        parameters.map((parameter) => {
          const schema = parameterSchema(parameter);
          const ref = typeof schema?.$ref === 'string' ? anchorOf(schema.$ref) : undefined;
          const type = ref === undefined ? h('code', { textContent: typeText(schema) }) : h('a', { href: `#${ref}`, textContent: typeText(schema) });
          return h(
            'tr',
            {},
            h('td', {}, h('code', { textContent: parameter.name }), parameter.required === true ? h('span', { class: 'required', textContent: ' required' }) : undefined),
            h('td', { textContent: parameter.in }),
            h('td', {}, type, parameter.content === undefined ? undefined : h('span', { class: 'label', textContent: ` as ${Object.keys(parameter.content).join(', ')}` })),
            prose('td', parameter.description),
          );
        }),
      ),
    ),
  );
}

function responsesTable(responses) {
  return h(
    'div',
    { class: 'scroll' },
    h(
      'table',
      { class: 'responses' },
      h('thead', {}, h('tr', {}, ['Status', 'Description', 'Content'].map((text) => h('th', { textContent: text })))),
      h(
        'tbody',
        {},
        Object.entries(responses ?? {}).map(([status, value]) => {
          const response = deref(value);
          const content = Object.entries(response.content ?? {}).map(([type, media]) => {
            const ref = typeof media.schema?.$ref === 'string' ? anchorOf(media.schema.$ref) : undefined;
            return h('div', {}, h('code', { textContent: type }), ' ', ref === undefined ? undefined : h('a', { href: `#${ref}`, textContent: typeText(media.schema) }));
          });
          return h('tr', {}, h('td', {}, h('code', { textContent: status })), prose('td', response.description), h('td', {}, content));
        }),
      ),
    ),
  );
}

/** The base every path of the document is resolved against: the first server's URL on this origin, else this page's folder. */
function apiBase() {
  const here = new URL('./', window.location.href);
  const server = doc.servers?.[0]?.url;
  if (typeof server === 'string') {
    const url = new URL(server.endsWith('/') ? server : `${server}/`, here);
    if (url.origin === window.location.origin) return url;
  }
  return here;
}

/** "Try it": path parameters and a query string in, the server's answer out. */
function tryForm(path, method, operation, parameters) {
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const [accept = 'application/json'] = Object.keys(deref(operation.responses?.['200'] ?? {}).content ?? {});
  const output = h('pre', { class: 'code try-output' });
  const status = h('p', { class: 'try-status' });
  const inputs = pathParameters.map((parameter) => h('input', { type: 'text', name: parameter.name, required: true, placeholder: parameter.name }));
  const query = h('input', { type: 'text', name: 'query', class: 'try-query', placeholder: 'query string, e.g. page[size]=2' });
  const form = h(
    'form',
    {
      class: 'try',
      onsubmit: async (event) => {
        event.preventDefault();
        let resolved = path;
        for (const input of inputs) resolved = resolved.replace(`{${input.name}}`, encodeURIComponent(input.value));
        const url = new URL(resolved.replace(/^\//, ''), apiBase());
        if (query.value.trim() !== '') url.search = query.value.trim().replace(/^\?/, '');
        status.textContent = `${method.toUpperCase()} ${url.pathname}${url.search} …`;
        const response = await fetch(url, { method: method.toUpperCase(), headers: { accept } });
        const body = await response.text();
        let shown = body;
        try {
          shown = JSON.stringify(JSON.parse(body), null, 2);
        } catch {
          // Not JSON: shown as sent.
        }
        status.textContent = `HTTP ${response.status} · ${response.headers.get('content-type') ?? 'no content type'}`;
        output.textContent = shown;
        form.dataset.state = response.ok ? 'ok' : 'error';
      },
    },
    pathParameters.map((parameter, index) => h('label', { class: 'row' }, h('code', { textContent: parameter.name }), inputs[index])),
    h('label', { class: 'row' }, h('span', { textContent: '?' }), query),
    h('div', { class: 'row' }, h('button', { type: 'submit', textContent: 'Send' }), h('span', { class: 'label', textContent: `Accept: ${accept}` })),
    status,
    output,
  );
  return form;
}

function operationView(path, method, operation, pathItem) {
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map(deref);
  const id = `op-${operation.operationId ?? `${method}-${path}`}`;
  return h(
    'details',
    { class: 'op', id },
    h(
      'summary',
      {},
      h('span', { class: `method ${method}`, textContent: method.toUpperCase() }),
      h('code', { class: 'path', textContent: path }),
      h('span', { class: 'summary', textContent: operation.summary ?? '' }),
    ),
    operation.description === undefined ? undefined : prose('p', operation.description),
    h('h4', { textContent: 'Parameters' }),
    parametersTable(parameters),
    h('h4', { textContent: 'Responses' }),
    responsesTable(operation.responses),
    method === 'get' ? [h('h4', { textContent: 'Try it' }), tryForm(path, method, operation, parameters)] : undefined,
  );
}

function render() {
  $('#title').textContent = doc.info?.title ?? 'API reference';
  $('#version').textContent = doc.info?.version === undefined ? '' : `version ${doc.info.version} · OpenAPI ${doc.openapi ?? ''}`;
  if (typeof doc.info?.description === 'string') $('#description').replaceWith(prose('p', doc.info.description, { id: 'description' }));

  // Operations by tag, in the document's tag order; untagged ones last.
  const groups = new Map((doc.tags ?? []).map((tag) => [tag.name, { description: tag.description, operations: [] }]));
  for (const [path, pathItem] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, { description: undefined, operations: [] });
      groups.get(tag).operations.push(operationView(path, method, operation, pathItem));
    }
  }
  const toc = $('#toc');
  const reference = $('#reference');
  for (const [name, group] of groups) {
    if (group.operations.length === 0) continue;
    toc.append(h('a', { href: `#tag-${name}`, textContent: name }));
    reference.append(
      h('section', { class: 'tag', id: `tag-${name}` }, h('h2', { textContent: name }), group.description === undefined ? undefined : prose('p', group.description), group.operations),
    );
  }

  const components = Object.entries(doc.components ?? {}).filter(([kind]) => ['schemas', 'parameters', 'responses'].includes(kind));
  for (const [kind, entries] of components) {
    toc.append(h('a', { href: `#components-${kind}`, textContent: kind }));
    reference.append(
      h(
        'section',
        { class: 'components', id: `components-${kind}` },
        h('h2', { textContent: kind }),
        Object.entries(entries).map(([name, value]) =>
          h('details', { class: 'component', id: `${kind}-${name}` }, h('summary', {}, h('code', { textContent: name })), jsonView(value)),
        ),
      ),
    );
  }
}

/** Opens the <details> a link points at (and its parents), so following a $ref shows it. */
function openTarget() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  let element = id === '' ? null : document.getElementById(id);
  const shown = element;
  while (element !== null) {
    if (element instanceof window.HTMLDetailsElement) element.open = true;
    element = element.parentElement;
  }
  shown?.scrollIntoView();
}

async function start() {
  try {
    const response = await fetch(new URL('openapi.json', window.location.href), { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET openapi.json answered ${response.status}`);
    doc = await response.json();
    render();
    window.addEventListener('hashchange', openTarget);
    openTarget();
    document.body.dataset.state = 'ready';
  } catch (error) {
    $('#reference').append(h('p', { class: 'error-item', textContent: `Cannot render the reference: ${error.message}` }));
    document.body.dataset.state = 'error';
  }
}

start();
