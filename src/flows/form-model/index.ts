// What the payment and consent forms share: reading the JSON view back, spec paths, and schema findings as sentences.
export {
  cannotShowMessage,
  describeType,
  isObject,
  memberPaths,
  memberTypes,
  parseJsonObject,
  readMember,
  type JsonObject,
  type JsonObjectReading,
  type MemberType,
} from './json-members';
export { normaliseSpecPath } from './spec-path';
export { bodyIssues, issueMessage, issuePath, placeIssues, type BodyIssue, type IssuePlacement } from './issues';
