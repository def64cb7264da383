// The console's design-system pieces.
export { Badge, CodeBadge, type BadgeTone } from './badge';
export { Button, focusRing, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { CopyButton } from './copy-button';
export { ConfirmAction, type ConfirmActionProps } from './confirm-action';
export { cx } from './cx';
export { DeviationNote, DeviationNotice, type DeviationItem } from './deviation-notice';
export { counted, durationInWords } from './duration';
export { downloadText } from './download';
export { ErrorBoundary, type ErrorBoundaryProps } from './error-boundary';
export { editAndResendHref, ErrorCallout, type ErrorCalloutProps, type ErrorMessageLine } from './error-callout';
export { Field, FieldError, type FieldControlProps, type FieldProps } from './field';
export { BodyModeSwitch, FieldErrorSummary, type BodyMode, type FieldErrorSummaryProps } from './form-parts';
export { DocumentTitle } from './document-title';
export { Checkbox, Select, Textarea, TextInput, type CheckboxProps, type SelectProps } from './inputs';
export { JsonBodyEditor, KeptMembersNote, type BodyFinding, type JsonBodyEditorProps } from './json-body-editor';
export { formatJson, JsonView } from './json-view';
export { KeyValueList, type KeyValueItem } from './key-value-list';
export { LinkButton } from './link-button';
export { Panel, type HeadingLevel } from './panel';
export { LoadingText, Spinner } from './spinner';
export { Table, type TableColumn, type TableProps } from './table';
export { useElementWidth } from './use-element-width';
export { useNearView } from './use-near-view';
export { WaitCountdown, type WaitCountdownProps } from './wait-countdown';
export {
  PRESENTER_TYPE_SCALE,
  PresenterDetails,
  PresenterViewContext,
  usePresenterTypeScale,
  usePresenterView,
  type PresenterDetailsProps,
} from './presenter-view';
export { PlainWords, SpecName, useAudienceWords } from './spec-name';
export { maskedBodyText, useMaskedWhileIdle } from './masked-while-idle';
