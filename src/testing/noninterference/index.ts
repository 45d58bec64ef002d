/**
 * The noninterference property (docs/testing.md "Noninterference"): two datasets
 * that agree on everything a policy lets a requester see get byte-identical answers
 * to every read request, and the same answers to every sequence of write requests.
 */
export { arbitraryPolicy, type ArbitraryPolicyOptions } from './arbitrary-policy.js';
export { arbitraryTwinDatasets, type ArbitraryTwinDatasetsOptions, type TwinDatasets } from './arbitrary-twin-datasets.js';
export { arbitraryReadRequest, type ArbitraryReadRequestOptions, type ReadRequestLine } from './arbitrary-read-request.js';
export { policyView } from './policy-view.js';
export { checkNoninterference, type CheckNoninterferenceOptions } from './check-noninterference.js';
export {
  arbitraryNoninterferenceCase,
  describeNoninterference,
  type DescribeNoninterferenceOptions,
  type NoninterferenceCase,
  type PolicyCase,
} from './describe-noninterference.js';
export { arbitraryWriteTwinDatasets, separateHiddenIds } from './arbitrary-write-twin-datasets.js';
export { checkWriteNoninterference, type CheckWriteNoninterferenceOptions } from './check-write-noninterference.js';
export {
  arbitraryWriteNoninterferenceCase,
  describeWriteNoninterference,
  type DescribeWriteNoninterferenceOptions,
  type WriteNoninterferenceCase,
} from './describe-write-noninterference.js';
