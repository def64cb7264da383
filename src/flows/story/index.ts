// The flow story: what happened in one payment's or consent's flow, as the steps of a sequence diagram, and the
// diagram drawn from it (SVG markup, Mermaid text).
export { buildFlowStory, type BuildFlowStoryInput } from './build-story';
export { numberedSteps } from './numbering';
export {
  LANES,
  type FlowOutcome,
  type FlowStep,
  type FlowStory,
  type Lane,
  type StepKind,
  type StepTone,
  type StoryArrow,
} from './story-types';
export { escapeXml, renderFlowSvg, TONE_COLOURS, wrapText, type RenderFlowSvgOptions } from './render-svg';
export { mermaidText, toMermaid } from './to-mermaid';
