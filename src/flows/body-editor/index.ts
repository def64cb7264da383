// A request body edited as a form or as JSON, and the page that sends it (payments, consents).
export {
  bodyEditorReducer,
  initialBodyEditorState,
  useBodyEditor,
  type BodyEditor,
  type BodyEditorAction,
  type BodyEditorOptions,
  type BodyEditorState,
  type FormReading,
} from './use-body-editor';
export { useBankFieldErrors, type FieldMessages } from './bank-field-errors';
export { useChecksOnUse, type ChecksOnUse } from './checks-on-use';
export { FieldGroup } from './field-group';
export {
  BankName,
  FieldsNamedNote,
  NewRequestPage,
  PsuIdField,
  RequestBody,
  RequestHeaders,
  SubmitRow,
  type NewRequestPageProps,
  type RequestBodyProps,
} from './new-request-page';
export { XmlBodyEditor, type XmlBodyEditorProps } from './xml-body-editor';
