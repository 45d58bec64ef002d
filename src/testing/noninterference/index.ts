/**
 * The noninterference property (docs/testing.md "Noninterference"): two datasets
 * that agree on everything a policy lets a requester see get byte-identical answers
 * to every read request.
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
