// The numbers a flow's steps carry in the drawing: every step but a waiting span, or for an audience (presenter mode)
// only the steps that changed something. A story kept before steps carried their numbers (an older replay file) is
// numbered as the drawing then did: every step but a waiting span.
import type { FlowStep, FlowStory } from './story-types';

export function numberSteps(steps: readonly FlowStep[], forAudience: boolean): FlowStep[] {
  let number = 0;
  return steps.map((step) => {
    if (step.kind === 'waiting' || (forAudience && !step.changed)) return step;
    number += 1;
    return { ...step, number };
  });
}

/** The story's steps with the numbers they are drawn with. */
export function numberedSteps(story: FlowStory): readonly FlowStep[] {
  const told = story.steps.some((step) => step.number !== undefined || step.changed !== undefined);
  return told ? story.steps : numberSteps(story.steps, false);
}
