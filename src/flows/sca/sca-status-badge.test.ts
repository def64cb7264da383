import { describe, expect, it } from 'vitest';
import { scaStatusMeaning } from './sca-status-badge';

describe('scaStatusMeaning', () => {
  it('names an scaStatus 1.3.12 does not define as a deviation, a case-only difference as probably the code', () => {
    expect(scaStatusMeaning('FINALISED')).toBe(
      "Deviation: the bank reports a status 1.3.12 does not define: FINALISED (probably finalised, with different case). The console decides nothing from it and keeps every action the bank's links offer.",
    );
    expect(scaStatusMeaning('finalised')).toBe('SCA completed successfully. Final.');
  });
});
