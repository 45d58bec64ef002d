/**
 * `jsonapi-query/example`: the person/computer example schema and dataset used
 * throughout the docs, the CLI's default `serve`, and the examples.
 */
export { exampleData } from './example-data.js';
export { exampleSchema, type ExampleSchema } from './example-schema.js';
