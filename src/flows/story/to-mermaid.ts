// A flow story as Mermaid text (a `sequenceDiagram`), for documentation. Words that Mermaid would read as syntax
// (`;` ends a statement, `#` starts an entity, `<`/`>` are markup, a line break or control character) are written as entity codes.
import { LANES, type FlowStory, type Lane, type StoryArrow } from './story-types';

const PARTICIPANTS: Record<Lane, string> = { tpp: 'TPP', bank: 'Bank', psu: 'PSU' };

/** Text safe after a Mermaid message's colon or in a note. */
export function mermaidText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- line terminators and control characters are what this finds
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/[#;<>&%{}]/g, (c) => `#${c.charCodeAt(0)};`)
      .trim()
  );
}

function message(arrow: StoryArrow, failed: boolean): string {
  // Mermaid arrows: ->> solid, -->> dotted (an answer), -x / --x with a cross (a failure).
  const line = arrow.answer ? '--' : '-';
  const head = failed ? 'x' : '>>';
  const text = `${failed ? '✗ ' : ''}${arrow.text}`;
  return `  ${PARTICIPANTS[arrow.from]}${line}${head}${PARTICIPANTS[arrow.to]}: ${mermaidText(text)}`;
}

export function toMermaid(story: FlowStory): string {
  const lines = ['sequenceDiagram'];
  for (const { lane, title } of LANES) lines.push(`  participant ${PARTICIPANTS[lane]} as ${mermaidText(title)}`);
  for (const step of story.steps) {
    if (step.arrows.length === 0) {
      const words = /^waiting\b/i.test(step.label) ? step.label : `Waiting · ${step.label}`;
      lines.push(`  Note over TPP,Bank: ${mermaidText(words)}`);
      continue;
    }
    step.arrows.forEach((arrow, index) => {
      // An exchange that failed is crossed on its answer; its request went out as usual.
      const failed = step.tone === 'failed' && (step.arrows.length === 1 || index === step.arrows.length - 1);
      lines.push(message(arrow, failed));
    });
    if (step.detail)
      lines.push(`  Note right of ${PARTICIPANTS[step.arrows[0]?.to ?? 'bank']}: ${mermaidText(step.detail)}`);
  }
  if (story.outcome) lines.push(`  Note over TPP,PSU: ${mermaidText(`Outcome: ${story.outcome.label}`)}`);
  return `${lines.join('\n')}\n`;
}
