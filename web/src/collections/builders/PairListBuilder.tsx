import { useState } from 'react';
import { BuilderFrame } from './BuilderFrame';
import { autoPair, type BuilderDataset, type DatasetPairDraft, handPairName, PAIRING_PRESETS, repeatedNames } from './pairing';
import type { BuilderProps } from './CollectionBuilder';

interface Pairing {
  pairs: DatasetPairDraft[];
  unpaired: BuilderDataset[];
}

/**
 * "Build List of Dataset Pairs": the selected datasets paired by name at once (forward and reverse
 * patterns editable, presets `_1`/`_2` and `_R1`/`_R2`), each pair named by the common part of its
 * names; leftovers listed unpaired, pairs undone or made by hand; then one request for the whole list.
 */
export function PairListBuilder({ historyId, datasets, onCreated, onCancel }: BuilderProps) {
  const [forwardPattern, setForwardPattern] = useState(PAIRING_PRESETS[0].forward);
  const [reversePattern, setReversePattern] = useState(PAIRING_PRESETS[0].reverse);
  const [removeExtensions, setRemoveExtensions] = useState(true);
  const [pairing, setPairing] = useState<Pairing>(() => autoPair(datasets, forwardPattern, reversePattern, true));
  const [handForward, setHandForward] = useState('');
  const [handReverse, setHandReverse] = useState('');

  const repair = (forward: string, reverse: string, extensions = removeExtensions) => {
    setForwardPattern(forward);
    setReversePattern(reverse);
    setRemoveExtensions(extensions);
    setPairing(autoPair(datasets, forward, reverse, extensions));
  };
  const unpair = (index: number) => {
    const pair = pairing.pairs[index];
    const unpaired = [...pairing.unpaired, pair.forward, pair.reverse].sort((a, b) => a.hid - b.hid);
    setPairing({ pairs: pairing.pairs.filter((_, at) => at !== index), unpaired });
  };
  const forwardChoice = handForward || pairing.unpaired[0]?.id || '';
  const reverseChoice = handReverse || pairing.unpaired[1]?.id || '';
  const pairByHand = () => {
    const forward = pairing.unpaired.find((dataset) => dataset.id === forwardChoice);
    const reverse = pairing.unpaired.find((dataset) => dataset.id === reverseChoice);
    if (!forward || !reverse || forward.id === reverse.id) return;
    setPairing({
      pairs: [...pairing.pairs, { name: handPairName(forward, reverse, forwardPattern, removeExtensions), forward, reverse }],
      unpaired: pairing.unpaired.filter((dataset) => dataset.id !== forward.id && dataset.id !== reverse.id),
    });
    setHandForward('');
    setHandReverse('');
  };
  const rename = (index: number, name: string) => setPairing({ ...pairing, pairs: pairing.pairs.map((pair, at) => (at === index ? { ...pair, name } : pair)) });

  const repeated = repeatedNames(pairing.pairs.map((pair) => pair.name));
  const problem =
    pairing.pairs.length === 0 ? 'No pairs yet: change the patterns or pair datasets by hand.' : pairing.pairs.some((pair) => pair.name.trim() === '') ? 'Every pair needs a name.' : repeated.size > 0 ? 'Pair names must differ.' : null;

  return (
    <BuilderFrame
      title="Build List of Dataset Pairs"
      historyId={historyId}
      createLabel="Create list"
      problem={problem}
      input={() => ({ collectionType: 'list:paired', pairs: pairing.pairs.map((pair) => ({ name: pair.name.trim(), forwardId: pair.forward.id, reverseId: pair.reverse.id })) })}
      onCreated={onCreated}
      onCancel={onCancel}
    >
      <fieldset className="builder-patterns">
        <legend>Pair by name</legend>
        <label>
          Forward pattern <input type="text" value={forwardPattern} size={6} onChange={(event) => repair(event.target.value, reversePattern)} />
        </label>
        <label>
          Reverse pattern <input type="text" value={reversePattern} size={6} onChange={(event) => repair(forwardPattern, event.target.value)} />
        </label>
        {PAIRING_PRESETS.map((preset) => (
          <button key={preset.label} type="button" aria-pressed={forwardPattern === preset.forward && reversePattern === preset.reverse} onClick={() => repair(preset.forward, preset.reverse)}>
            {preset.label}
          </button>
        ))}
        <label>
          <input type="checkbox" checked={removeExtensions} onChange={(event) => repair(forwardPattern, reversePattern, event.target.checked)} /> Remove file extensions
        </label>
        <button type="button" onClick={() => repair(forwardPattern, reversePattern)}>
          Auto-pair
        </button>
        <button type="button" disabled={pairing.pairs.length === 0} onClick={() => setPairing({ pairs: [], unpaired: [...datasets] })}>
          Unpair all
        </button>
      </fieldset>
      <p role="status">
        {pairing.pairs.length} {pairing.pairs.length === 1 ? 'pair' : 'pairs'}, {pairing.unpaired.length} unpaired
      </p>
      <div className="builder-columns">
        <div>
          <h4 id="builder-pairs">Pairs</h4>
          <ol className="builder-elements" aria-labelledby="builder-pairs">
            {pairing.pairs.map((pair, index) => (
              <li key={`${pair.forward.id}-${pair.reverse.id}`}>
                <input
                  type="text"
                  aria-label={`Name of the pair ${pair.forward.name} and ${pair.reverse.name}`}
                  aria-invalid={repeated.has(pair.name)}
                  value={pair.name}
                  onChange={(event) => rename(index, event.target.value)}
                />{' '}
                <span className="muted">
                  {pair.forward.name} + {pair.reverse.name}
                </span>{' '}
                <button type="button" aria-label={`Unpair ${pair.name}`} onClick={() => unpair(index)}>
                  Unpair
                </button>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h4 id="builder-unpaired">Unpaired datasets</h4>
          <ul className="builder-elements" aria-labelledby="builder-unpaired">
            {pairing.unpaired.map((dataset) => (
              <li key={dataset.id}>
                {dataset.hid}: {dataset.name}
              </li>
            ))}
          </ul>
          {pairing.unpaired.length >= 2 && (
            <div className="builder-pair">
              <label>
                Forward{' '}
                <select value={forwardChoice} onChange={(event) => setHandForward(event.target.value)}>
                  {pairing.unpaired.map((dataset) => (
                    <option key={dataset.id} value={dataset.id}>
                      {dataset.hid}: {dataset.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Reverse{' '}
                <select value={reverseChoice} onChange={(event) => setHandReverse(event.target.value)}>
                  {pairing.unpaired.map((dataset) => (
                    <option key={dataset.id} value={dataset.id}>
                      {dataset.hid}: {dataset.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" disabled={forwardChoice === reverseChoice} onClick={pairByHand}>
                Pair these datasets
              </button>
            </div>
          )}
        </div>
      </div>
    </BuilderFrame>
  );
}
