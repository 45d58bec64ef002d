/**
 * Every error code the package produces, with its HTTP status and title. The
 * single source of docs/errors.md: a code not listed here cannot be thrown.
 */
export const ERROR_CODES = {
  // query string
  query_too_long: { status: 414, title: 'Query string too long' },
  too_many_parameters: { status: 400, title: 'Too many query parameters' },
  malformed_query_string: { status: 400, title: 'Malformed query string' },
  repeated_parameter: { status: 400, title: 'Repeated query parameter' },
  unknown_parameter: { status: 400, title: 'Unknown query parameter' },
  invalid_parameter: { status: 400, title: 'Invalid query parameter' },
  // filter
  filter_too_long: { status: 400, title: 'Filter too long' },
  filter_too_deep: { status: 400, title: 'Filter nested too deeply' },
  filter_too_many_nodes: { status: 400, title: 'Filter too large' },
  invalid_filter_json: { status: 400, title: 'Filter is not valid JSON' },
  invalid_filter_entry: { status: 400, title: 'Invalid filter entry' },
  unknown_field: { status: 400, title: 'Unknown field' },
  unknown_relationship: { status: 400, title: 'Unknown relationship' },
  field_not_filterable: { status: 400, title: 'Field not filterable' },
  unknown_operator: { status: 400, title: 'Unknown operator' },
  operator_not_allowed: { status: 400, title: 'Operator not allowed on this field' },
  operator_not_supported: { status: 400, title: 'Operator not supported by the data layer' },
  filter_not_supported: { status: 400, title: 'Filter not supported by the data layer' },
  invalid_value: { status: 400, title: 'Invalid filter value' },
  incomparable_fields: { status: 400, title: 'Fields cannot be compared' },
  path_too_long: { status: 400, title: 'Relationship path too long' },
  list_too_long: { status: 400, title: 'Value list too long' },
  value_too_long: { status: 400, title: 'Value too long' },
  too_many_wildcards: { status: 400, title: 'Too many wildcards' },
  too_many_words: { status: 400, title: 'Too many words' },
  // sort
  invalid_sort: { status: 400, title: 'Invalid sort' },
  field_not_sortable: { status: 400, title: 'Field not sortable' },
  duplicate_sort_field: { status: 400, title: 'Field sorted twice' },
  too_many_sort_keys: { status: 400, title: 'Too many sort keys' },
  sort_not_supported: { status: 400, title: 'Sort not supported by the data layer' },
  // page
  unknown_page_parameter: { status: 400, title: 'Unknown page parameter' },
  invalid_page_value: { status: 400, title: 'Invalid page value' },
  page_size_too_large: { status: 400, title: 'Page size too large' },
  pagination_required: { status: 400, title: 'Pagination cannot be disabled' },
  page_offset_too_large: { status: 400, title: 'Page offset too large' },
  too_many_rows: { status: 400, title: 'Too many rows without pagination' },
  invalid_cursor: { status: 400, title: 'Invalid page cursor' },
  unsupported_cursor_sort: { status: 400, title: 'Sort not supported with cursor pagination' },
  page_not_supported: { status: 400, title: 'Page not supported by the data layer' },
  query_too_expensive: { status: 400, title: 'Query too expensive for this type' },
  // include
  invalid_include: { status: 400, title: 'Invalid include' },
  include_too_deep: { status: 400, title: 'Include path too deep' },
  too_many_include_paths: { status: 400, title: 'Too many include paths' },
  too_many_included: { status: 400, title: 'Too many included resources' },
  include_not_supported: { status: 400, title: 'Include not supported by the data layer' },
  // fields
  unknown_type: { status: 400, title: 'Unknown resource type' },
  invalid_fields: { status: 400, title: 'Invalid fieldset' },
  // routes and responses
  malformed_request: { status: 400, title: 'Malformed request' },
  request_header_too_large: { status: 431, title: 'Request header fields too large' },
  request_timeout: { status: 408, title: 'Request timeout' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  not_acceptable: { status: 406, title: 'Not acceptable' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  internal_error: { status: 500, title: 'Internal server error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
  timeout: { status: 503, title: 'Request timed out' },
} as const satisfies Record<string, { status: number; title: string }>;

/** A machine-readable, snake_case error code. */
export type ErrorCode = keyof typeof ERROR_CODES;
