/* global document, window */
// The query explorer: builds filter, sort, page, include and fields from the schema
// the server describes (/__explorer/schema.json), runs the request through the
// handler's explain route (/__explain/<root>?<query>) and shows the query strings,
// the QueryAST, errors highlighted by meta.pointer, the rows, the SQL statements and
// the response document. Plain DOM, no framework. See docs/explorer.md.

const $ = (selector) => document.querySelector(selector);

/** Creates an element with properties and children. */
function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'class') element.className = value;
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else element[key] = value;
  }
  for (const child of children.flat()) element.append(child);
  return element;
}

/** The operators a field may be compared with another field by. */
const FIELD_OPERATORS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'];

const option = (value, label = value, selected = false) => h('option', { value, textContent: label, selected });

let schema;
/** The filter tree of the current type: groups, conditions and relationship nodes. */
let filterRoot;
/** Editor elements by the JSON pointer of the entry they build, set by filterJson(). */
let pointerElements = new Map();

const typeOf = (name) => schema.types.find((type) => type.name === name);
const currentType = () => typeOf($('#type').value);

// ---- filter tree model ----

const newGroup = (type, junction = 'and') => ({ kind: 'group', type, junction, negate: false, items: [] });
function newCondition(type) {
  const field = typeOf(type).fields.find((candidate) => candidate.filterable);
  return { kind: 'cond', type, field: field?.name ?? 'id', op: 'eq', value: '', against: 'value', other: '' };
}
function newRelationship(type) {
  const relationship = typeOf(type).relationships[0];
  return {
    kind: 'rel',
    type,
    name: relationship.name,
    op: relationship.toMany ? 'any' : 'has',
    item: newGroup(relationship.target),
  };
}

/** The JSON value of a condition's text as the field's kind wants it. */
function conditionValue(condition) {
  const field = typeOf(condition.type).fields.find((candidate) => candidate.name === condition.field);
  const scalar = (text) => {
    if (field?.kind === 'number' && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
    if (field?.kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
    return text;
  };
  if (condition.op === 'is_' || condition.op === 'isnot') return condition.value === '' || condition.value === 'null' ? null : scalar(condition.value);
  if (condition.op === 'in_' || condition.op === 'notin_' || condition.op === 'between') {
    return condition.value.split(',').map((part) => scalar(part.trim()));
  }
  return scalar(condition.value);
}

/** The filter JSON of a node; records which editor element builds which pointer. */
function entryJson(node, pointer, elements) {
  elements.set(pointer, node.element);
  if (node.kind === 'cond') {
    return node.against === 'field' ? { name: node.field, op: node.op, field: node.other } : { name: node.field, op: node.op, val: conditionValue(node) };
  }
  if (node.kind === 'rel') return { name: node.name, op: node.op, val: entryJson(node.item, `${pointer}/val`, elements) };
  const inner = node.negate ? `${pointer}/not/${node.junction}` : `${pointer}/${node.junction}`;
  const items = node.items.map((item, index) => entryJson(item, `${inner}/${index}`, elements));
  const junction = { [node.junction]: items };
  return node.negate ? { not: junction } : junction;
}

/** The whole filter: a top-level `and` is written as the array form. */
function filterJson() {
  pointerElements = new Map();
  if (filterRoot.items.length === 0 && !filterRoot.negate) return undefined;
  if (filterRoot.junction === 'and' && !filterRoot.negate) {
    pointerElements.set('', filterRoot.element);
    return filterRoot.items.map((item, index) => entryJson(item, `/${index}`, pointerElements));
  }
  return entryJson(filterRoot, '', pointerElements);
}

// ---- filter tree editor ----

function renderFilter() {
  $('#filter').replaceChildren(groupEditor(filterRoot, true));
}

function groupEditor(group, root) {
  const type = typeOf(group.type);
  const junction = h('select', { class: 'junction', onchange: (event) => (group.junction = event.target.value) }, option('and', 'all of (and)', group.junction === 'and'), option('or', 'any of (or)', group.junction === 'or'));
  const negate = h('label', {}, h('input', { type: 'checkbox', class: 'negate', checked: group.negate, onchange: (event) => (group.negate = event.target.checked) }), ' not');
  const add = (make) => () => {
    group.items.push(make(group.type));
    renderFilter();
  };
  const controls = h('div', { class: 'row' }, junction, negate,
    h('button', { type: 'button', class: 'add-cond', textContent: '+ condition', onclick: add(newCondition) }),
    h('button', { type: 'button', class: 'add-group', textContent: '+ group', onclick: add((name) => newGroup(name, 'or')) }),
    type.relationships.length > 0 ? h('button', { type: 'button', class: 'add-rel', textContent: '+ related', onclick: add(newRelationship) }) : '');
  const items = group.items.map((item) => {
    const editor = item.kind === 'cond' ? conditionEditor(item) : item.kind === 'rel' ? relationshipEditor(item) : groupEditor(item, false);
    const remove = h('button', { type: 'button', class: 'remove', textContent: '✕', title: 'remove', onclick: () => {
      group.items.splice(group.items.indexOf(item), 1);
      renderFilter();
    } });
    editor.append(remove);
    return editor;
  });
  group.element = h('div', { class: root ? 'group root' : 'group' }, controls, items);
  return group.element;
}

function conditionEditor(condition) {
  const type = typeOf(condition.type);
  const field = () => type.fields.find((candidate) => candidate.name === condition.field);
  const operators = () => schema.operatorsByKind[field()?.kind ?? 'string'];
  const fieldSelect = h('select', { class: 'field', onchange: (event) => {
    condition.field = event.target.value;
    if (!operators().includes(condition.op)) condition.op = operators()[0];
    renderFilter();
  } }, type.fields.filter((candidate) => candidate.filterable).map((candidate) => option(candidate.name, `${candidate.name} (${candidate.kind})`, candidate.name === condition.field)));
  const opSelect = h('select', { class: 'op', onchange: (event) => {
    condition.op = event.target.value;
    renderFilter();
  } }, operators().map((op) => option(op, op, op === condition.op)));
  // Field-to-field comparisons: the scalar operators, against another field of the same kind.
  const comparable = FIELD_OPERATORS.includes(condition.op);
  if (!comparable) condition.against = 'value';
  const against = h('select', { class: 'against', disabled: !comparable, onchange: (event) => {
    condition.against = event.target.value;
    renderFilter();
  } }, option('value', 'value', condition.against === 'value'), option('field', 'field', condition.against === 'field'));
  let operand;
  if (condition.against === 'field') {
    const others = type.fields.filter((candidate) => candidate.filterable && candidate.kind === field()?.kind && candidate.name !== condition.field);
    if (!others.some((candidate) => candidate.name === condition.other)) condition.other = others[0]?.name ?? '';
    operand = h('select', { class: 'other', onchange: (event) => (condition.other = event.target.value) }, others.map((candidate) => option(candidate.name, candidate.name, candidate.name === condition.other)));
  } else {
    const placeholder = { in_: 'a, b, c', notin_: 'a, b, c', between: 'low, high', is_: 'null', isnot: 'null' }[condition.op] ?? 'value';
    operand = h('input', { type: 'text', class: 'value', value: condition.value, placeholder, oninput: (event) => (condition.value = event.target.value) });
  }
  condition.element = h('div', { class: 'cond' }, fieldSelect, opSelect, against, operand);
  condition.controls = { name: fieldSelect, op: opSelect, [condition.against === 'field' ? 'field' : 'val']: operand };
  return condition.element;
}

function relationshipEditor(node) {
  const type = typeOf(node.type);
  const select = h('select', { class: 'relationship', onchange: (event) => {
    const relationship = type.relationships.find((candidate) => candidate.name === event.target.value);
    Object.assign(node, { name: relationship.name, op: relationship.toMany ? 'any' : 'has', item: newGroup(relationship.target) });
    renderFilter();
  } }, type.relationships.map((relationship) => option(relationship.name, `${relationship.name} (${relationship.toMany ? 'any' : 'has'})`, relationship.name === node.name)));
  node.element = h('div', { class: 'rel' }, h('div', { class: 'row' }, select, h('span', { textContent: node.op })), groupEditor(node.item, false));
  node.controls = { name: select };
  return node.element;
}

// ---- sort, page, include, fields ----

function addSortKey(field = '', direction = '') {
  const type = currentType();
  const row = h('div', { class: 'row sort-key' },
    h('select', { class: 'sort-field' }, sortKeys(type).map((key) => option(key, key, key === field))),
    h('select', { class: 'sort-dir' }, option('', 'ascending', direction === ''), option('-', 'descending', direction === '-')),
    h('button', { type: 'button', class: 'remove', textContent: '✕', onclick: () => row.remove() }));
  $('#sort').append(row);
}

/** The type's sortable fields, then those of its to-one relationships' targets (`owner.name`). */
function sortKeys(type) {
  const own = (candidate) => candidate.fields.filter((field) => field.sortable).map((field) => field.name);
  return [
    ...own(type),
    ...type.relationships.filter((relationship) => !relationship.toMany).flatMap((relationship) => own(typeOf(relationship.target)).map((name) => `${relationship.name}.${name}`)),
  ];
}

/** Include paths up to two steps from the type. */
function includePaths(type, prefix = [], depth = 2) {
  if (depth === 0) return [];
  return type.relationships.flatMap((relationship) => {
    const path = [...prefix, relationship.name];
    return [path.join('.'), ...includePaths(typeOf(relationship.target), path, depth - 1)];
  });
}

function renderType() {
  const type = currentType();
  filterRoot = newGroup(type.name);
  renderFilter();
  $('#sort').replaceChildren();
  $('#page-size').placeholder = String(type.defaultPageSize);
  $('#page-number').placeholder = '1';
  $('#include').replaceChildren(h('div', { class: 'checks' }, includePaths(type).map((path) =>
    h('label', {}, h('input', { type: 'checkbox', class: 'include', value: path }), ` ${path}`))));
  $('#fields').replaceChildren(...schema.types.map((candidate) =>
    h('details', { class: 'fieldset-type' }, h('summary', { textContent: `fields[${candidate.name}]` }),
      h('div', { class: 'checks' }, [...candidate.fields.filter((field) => field.name !== 'id').map((field) => field.name), ...candidate.relationships.map((relationship) => relationship.name)]
        .map((name) => h('label', {}, h('input', { type: 'checkbox', class: 'field-choice', value: name, dataset: { type: candidate.name } }), ` ${name}`))))));
}

/** The query string as the form builds it (brackets left readable, values percent-encoded). */
function builtQuery() {
  const parts = [];
  const filter = filterJson();
  if (filter !== undefined) parts.push(`filter=${encodeURIComponent(JSON.stringify(filter))}`);
  const sort = [...document.querySelectorAll('.sort-key')].map((row) => `${row.querySelector('.sort-dir').value}${row.querySelector('.sort-field').value}`);
  if (sort.length > 0) parts.push(`sort=${encodeURIComponent(sort.join(','))}`);
  for (const [name, input] of [['size', $('#page-size')], ['number', $('#page-number')]]) {
    if (input.value !== '') parts.push(`page[${name}]=${encodeURIComponent(input.value)}`);
  }
  const include = [...document.querySelectorAll('.include:checked')].map((input) => input.value);
  if (include.length > 0) parts.push(`include=${encodeURIComponent(include.join(','))}`);
  for (const type of schema.types) {
    const names = [...document.querySelectorAll(`.field-choice[data-type="${type.name}"]:checked`)].map((input) => input.value);
    if (names.length > 0) parts.push(`fields[${type.name}]=${encodeURIComponent(names.join(','))}`);
  }
  return { query: parts.join('&'), filter };
}

// ---- results ----

/** A JSON value as a collapsible tree. */
function tree(value, key) {
  const label = key === undefined ? [] : [h('span', { class: 'key', textContent: `${key}: ` })];
  if (value === null || typeof value !== 'object') return h('li', {}, ...label, JSON.stringify(value));
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${value.length}]` : value.kind !== undefined ? `${value.kind}` : '{…}';
  return h('li', {}, h('details', { open: true }, h('summary', {}, ...label, summary), h('ul', {}, entries.map(([name, item]) => tree(item, name)))));
}

/** The JSON text of `value` as nodes, each part whose pointer is in `pointers` wrapped in <mark class="error">. */
function markedJson(value, pointers) {
  const escape = (name) => name.replaceAll('~', '~0').replaceAll('/', '~1');
  const render = (item, pointer, indent) => {
    const nodes = [];
    if (item === null || typeof item !== 'object') {
      nodes.push(JSON.stringify(item));
    } else {
      const array = Array.isArray(item);
      const entries = array ? item.map((child, index) => [String(index), child]) : Object.entries(item);
      const pad = '  '.repeat(indent + 1);
      nodes.push(array ? '[' : '{');
      entries.forEach(([name, child], index) => {
        nodes.push(`\n${pad}${array ? '' : `${JSON.stringify(name)}: `}`, ...render(child, `${pointer}/${escape(name)}`, indent + 1));
        if (index < entries.length - 1) nodes.push(',');
      });
      nodes.push(`${entries.length > 0 ? `\n${'  '.repeat(indent)}` : ''}${array ? ']' : '}'}`);
    }
    return pointers.has(pointer) ? [h('mark', { class: 'error' }, nodes)] : nodes;
  };
  return value === undefined ? [] : render(value, '', 0);
}

function showErrors(errors, filter) {
  const pointers = new Set();
  for (const element of document.querySelectorAll('.invalid')) element.classList.remove('invalid');
  const items = errors.map((error) => {
    const pointer = error.meta?.pointer;
    const parameter = error.source?.parameter;
    if (typeof pointer === 'string' && parameter === 'filter') {
      pointers.add(pointer);
      highlightEditor(pointer);
    } else if (typeof parameter === 'string') {
      const section = { filter: '#filter-section', sort: '#sort-section', include: '#include-section' }[parameter.replace(/\[.*$/, '')] ??
        (parameter.startsWith('page') ? '#page-section' : parameter.startsWith('fields') ? '#fields-section' : null);
      if (section !== null) $(section).classList.add('invalid');
    }
    return h('div', { class: 'error-item' },
      h('strong', { textContent: `${error.status} ${error.code}` }), ` ${error.detail ?? error.title ?? ''}`,
      parameter === undefined ? '' : h('div', { class: 'label', textContent: `source.parameter: ${parameter}${pointer === undefined ? '' : ` · meta.pointer: ${pointer}`}` }));
  });
  $('#errors').replaceChildren(...items);
  $('#filter-json').replaceChildren(...markedJson(filter, pointers));
}

/** Marks the editor entry at (or nearest above) `pointer`, and its name/op/val control. */
function highlightEditor(pointer) {
  let at = pointer;
  let rest = [];
  while (!pointerElements.has(at) && at !== '') {
    rest = [at.slice(at.lastIndexOf('/') + 1), ...rest];
    at = at.slice(0, at.lastIndexOf('/'));
  }
  const element = pointerElements.get(at);
  if (element === undefined) return;
  element.classList.add('invalid');
  const node = findNode(filterRoot, element);
  const control = node?.controls?.[rest[0]];
  control?.classList.add('invalid');
}

function findNode(node, element) {
  if (node.element === element) return node;
  const children = node.kind === 'group' ? node.items : node.kind === 'rel' ? [node.item] : [];
  for (const child of children) {
    const found = findNode(child, element);
    if (found !== undefined) return found;
  }
  return undefined;
}

function showRows(document_) {
  const data = document_?.data;
  const rows = Array.isArray(data) ? data : data ? [data] : [];
  if (rows.length === 0) {
    $('#rows').replaceChildren(h('p', { class: 'label', textContent: 'no rows' }));
    return;
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.attributes ?? {})))];
  const related = [...new Set(rows.flatMap((row) => Object.keys(row.relationships ?? {})))];
  const linkage = (value) => {
    const data = value?.data;
    if (data === undefined) return '';
    if (data === null) return 'null';
    return (Array.isArray(data) ? data : [data]).map((identifier) => identifier.id).join(', ');
  };
  $('#rows').replaceChildren(h('table', { id: 'rows-table' },
    h('thead', {}, h('tr', {}, h('th', { textContent: 'type' }), h('th', { textContent: 'id' }), columns.map((name) => h('th', { textContent: name })), related.map((name) => h('th', { textContent: `→ ${name}` })))),
    h('tbody', {}, rows.map((row) => h('tr', {}, h('td', { textContent: row.type }), h('td', { textContent: row.id }),
      columns.map((name) => h('td', { textContent: row.attributes?.[name] === undefined ? '' : JSON.stringify(row.attributes[name]) })),
      related.map((name) => h('td', { textContent: linkage(row.relationships?.[name]) })))))));
}

function showStatements(explanation) {
  const statements = explanation.statements ?? [];
  const items = statements.map((statement) => h('div', { class: 'statement' },
    h('pre', { class: 'code sql', textContent: statement.sql }),
    h('div', { class: 'label', textContent: `parameters: ${JSON.stringify(statement.parameters)}` }),
    statement.plan === undefined ? '' : h('pre', { class: 'code plan', textContent: statement.plan.map((row) => Object.values(row).join(' | ')).join('\n') })));
  const calls = `${explanation.callCount} data-layer call${explanation.callCount === 1 ? '' : 's'}: ${(explanation.calls ?? []).map((call) => call.method).join(', ') || 'none'}`;
  $('#statements').replaceChildren(h('p', { class: 'label', textContent: calls }),
    ...(items.length > 0 ? items : [h('p', { class: 'label', textContent: explanation.callCount === 0 ? 'no SQL: nothing was read' : 'no SQL (not a SQL data layer)' })]),
    explanation.planError === undefined ? '' : h('p', { class: 'label', textContent: `plan: ${explanation.planError}` }));
}

async function run(event) {
  event?.preventDefault();
  const type = currentType();
  const { query, filter } = builtQuery();
  $('#sent').textContent = query === '' ? '(empty)' : decodeURIComponent(query);
  $('#status').textContent = 'running…';
  document.body.dataset.state = 'running';
  const headers = { accept: 'application/vnd.api+json' };
  if ($('#plan').checked) headers['explain-plan'] = 'true';
  let explanation;
  try {
    const response = await fetch(new URL(`__explain/${type.root}${query === '' ? '' : `?${query}`}`, window.location.href), { headers });
    explanation = await response.json();
  } catch (error) {
    $('#status').textContent = `The server did not answer: ${error.message}`;
    document.body.dataset.state = 'failed';
    return;
  }
  $('#canonical').textContent = explanation.canonical === null ? '—' : explanation.canonical === '' ? '(empty)' : decodeURIComponent(explanation.canonical);
  $('#status').textContent = `HTTP ${explanation.status}`;
  $('#ast').replaceChildren(explanation.ast === undefined ? h('p', { class: 'label', textContent: 'no AST: the query was rejected' }) : h('ul', {}, tree(explanation.ast)));
  showErrors(explanation.document?.errors ?? [], filter);
  showRows(explanation.document);
  showStatements(explanation);
  $('#document').textContent = JSON.stringify(explanation.document, null, 2);
  document.body.dataset.state = explanation.status < 400 ? 'ok' : 'error';
}

async function start() {
  schema = await (await fetch(new URL('__explorer/schema.json', window.location.href))).json();
  $('#type').replaceChildren(...schema.types.map((type) => option(type.name, `${type.name} (/${type.root})`)));
  $('#type').addEventListener('change', renderType);
  $('#add-sort').addEventListener('click', () => addSortKey());
  $('#builder').addEventListener('submit', run);
  renderType();
  document.body.dataset.state = 'ready';
}

void start();
