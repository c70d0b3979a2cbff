import type { PhonePanel } from './workbench-layout';

const LABELS: Record<PhonePanel, string> = { tools: 'Tool panel', centre: 'Main view', history: 'Current history' };

/** A phone's menu of the workbench's panels: the one shown is pressed. */
export function PhonePanelMenu({ shown, offerHistory, onShow }: { shown: PhonePanel; offerHistory: boolean; onShow(panel: PhonePanel): void }) {
  const panels: PhonePanel[] = offerHistory ? ['tools', 'centre', 'history'] : ['tools', 'centre'];
  return (
    <div className="phone-panel-menu" role="group" aria-label="Panels">
      {panels.map((panel) => (
        <button key={panel} type="button" aria-pressed={shown === panel} onClick={() => onShow(panel)}>
          {LABELS[panel]}
        </button>
      ))}
    </div>
  );
}
