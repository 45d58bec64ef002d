/**
 * The inputs of issue 2 §6 and their equivalents for the peers.
 * (a) simple filter, sort, page; (b) a JSON filter with or/and/not, ilike, a date
 * range and `computers any (serial startswith SN)`, plus sort, page, include and two
 * fields, URL-encoded; (c) an `in_` list of 100 values, and of 1,000 with the limit raised.
 */

/** (a) */
export const inputA = 'filter[name]=John&sort=-birth_date&page[size]=10&page[number]=2';

const filterB = [
  {
    or: [
      { name: 'name', op: 'ilike', val: '%john%' },
      {
        and: [
          { name: 'birth_date', op: 'ge', val: '1980-01-01' },
          { name: 'birth_date', op: 'lt', val: '1990-01-01' },
        ],
      },
    ],
  },
  { not: { name: 'gender', op: 'eq', val: 'x' } },
  { name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: 'SN' } },
];
const restB =
  'sort=-birth_date,name&page[size]=20&page[number]=3&include=computers.owner' +
  '&fields[person]=name,birth_date,computers&fields[computer]=serial,owner';

/** (b) */
export const inputB = `filter=${encodeURIComponent(JSON.stringify(filterB))}&${restB}`;

/** (b) with the filter in RSQL, for @rsql/parser + qs. */
export const inputBRsql = `filter=${encodeURIComponent(
  '(name=ilike=*john*,(birth_date=ge=1980-01-01;birth_date=lt=1990-01-01));gender!=x;computers.serial=startswith=SN',
)}&${restB}`;

/** (b) in api-query-params' dialect (MongoDB filter JSON, skip/limit, populate, fields). */
export const inputBAqp =
  `filter=${encodeURIComponent(
    JSON.stringify({
      $or: [
        { name: { $regex: 'john', $options: 'i' } },
        { $and: [{ birth_date: { $gte: '1980-01-01' } }, { birth_date: { $lt: '1990-01-01' } }] },
      ],
      gender: { $ne: 'x' },
      'computers.serial': { $regex: '^SN' },
    }),
  )}` + '&sort=-birth_date,name&skip=40&limit=20&populate=computers.owner&fields=name,birth_date,computers';

const names = (count) => Array.from({ length: count }, (_, index) => `name-${index}`);

/** (c) with `count` values. */
export const inputC = (count) =>
  `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'in_', val: names(count) }]))}`;

/** (c) in RSQL. */
export const inputCRsql = (count) => `filter=${encodeURIComponent(`name=in=(${names(count).join(',')})`)}`;

/** (c) in api-query-params' dialect (a comma list becomes `$in`). */
export const inputCAqp = (count) => `name=${names(count).join(',')}`;
