// The SCA panel loads with its first showing: a payment's or consent's page opens with its status and its list of
// authorisations, and the panel's steps (the embedded forms, the decoupled monitor, the bank's state machine) come
// when an authorisation is started or continued.
import { lazy, Suspense } from 'react';
import { LoadingText, Panel } from '../../components/ui';
import type { ScaPanelProps } from './sca-panel';

/** The panel's title where its user gives none. */
export const SCA_PANEL_TITLE = 'Strong customer authentication';

const LoadedScaPanel = lazy(() => import('./sca-panel').then(({ ScaPanel }) => ({ default: ScaPanel })));

/** ./sca-panel's ScaPanel, loaded on first use; its title stands while the code comes. */
export function ScaPanel(props: ScaPanelProps) {
  return (
    <Suspense
      fallback={
        <Panel title={props.title ?? SCA_PANEL_TITLE} level={props.headingLevel ?? 2}>
          <LoadingText>Loading the authorisation…</LoadingText>
        </Panel>
      }
    >
      <LoadedScaPanel {...props} />
    </Suspense>
  );
}
