import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { JobParameter } from './job-documents';

const itemText = (item: { id: string; hid: number | null; name: string | null }) => (item.hid === null ? 'a dataset no longer there' : `${item.hid}: ${item.name ?? ''}`);

/** A parameter's value: datasets and collections as links to their screens, anything else as text. */
function ParameterValue({ parameter, historyId }: { parameter: JobParameter; historyId: string | null }) {
  if (parameter.datasets.length === 0 && parameter.collections.length === 0) return <>{parameter.value === '' ? <span className="muted">(empty)</span> : parameter.value}</>;
  const links = [
    ...parameter.datasets.map((item) => (item.hid === null ? <span key={item.id}>{itemText(item)}</span> : <Link key={item.id} to={`/datasets/${item.id}`}>{itemText(item)}</Link>)),
    ...parameter.collections.map((item) =>
      item.hid === null || !historyId ? (
        <span key={item.id}>{itemText(item)}</span>
      ) : (
        <Link key={item.id} to={`/histories/${historyId}/collections/${item.id}`}>
          {itemText(item)}
        </Link>
      ),
    ),
  ];
  return (
    <>
      {links.map((link, index) => (
        <Fragment key={index}>
          {index > 0 && ', '}
          {link}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A job's parameters by their labels as the tool form shows them, as a definition list; the inputs of
 * a conditional's case and of each repeat instance ("Query 1", "Query 2") nested under it.
 */
export function JobParameters({ parameters, historyId }: { parameters: readonly JobParameter[]; historyId: string | null }) {
  return (
    <dl className="job-parameters">
      {parameters.map((parameter) => (
        <div key={parameter.name} className="job-parameter" data-name={parameter.name}>
          <dt>{parameter.label}</dt>
          <dd>
            {(parameter.value !== '' || !parameter.children?.length) && <ParameterValue parameter={parameter} historyId={historyId} />}
            {parameter.children && parameter.children.length > 0 && <JobParameters parameters={parameter.children} historyId={historyId} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
