// "Use test PSU": the sandbox's PSUs offered on the payment and consent forms.
export { accountFor, TestPsuChoice, type TestPsuChoiceProps } from './test-psu-choice';
