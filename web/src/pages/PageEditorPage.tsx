import { type FormEvent, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useClient, useMutation, useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { BlocksView } from './BlocksView';
import { type Embeddable, EmbedPicker } from './EmbedPicker';
import { blocksToHtml } from './markdown/blocks-to-html';
import { blocksToMarkdown } from './markdown/blocks-to-markdown';
import { domHtmlNodes, parsePageHtml } from './markdown/dom-html-node';
import { htmlToBlocks } from './markdown/html-to-blocks';
import { EMBED_KINDS, type EmbedKind } from './markdown/page-blocks';
import { parseMarkdown } from './markdown/parse-markdown';
import { CreatePageMutation, CreatePageRevisionMutation, PageSourceQuery, PageWithEmbedsQuery } from './page-documents';
import './pages.css';

/**
 * `/pages/new` ("Create new page": title, slug, annotation, content) and `/pages/<id>/edit` ("Edit
 * content": a new revision). The content is written in Markdown (markdown/parse-markdown.ts) with
 * "Embed history/dataset/workflow/visualization" pickers, previewed beside it, and stored as the
 * page's HTML (the server sanitizes it again); reopened, the stored HTML is read back into the same
 * Markdown (markdown/html-to-blocks.ts), so the HTML is the only source.
 */
export default function PageEditorPage() {
  const { pageId } = useParams();
  return pageId ? <EditPage pageId={pageId} /> : <NewPage />;
}

function NewPage() {
  const { viewer } = useViewer();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [annotation, setAnnotation] = useState('');
  const [source, setSource] = useState('');
  const [created, create] = useMutation(CreatePageMutation);
  if (viewer && !viewer.user) return <SignInFirst title="Create new page" />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await create({ input: { title, slug, annotation: annotation || null, content: blocksToHtml(parseMarkdown(source)) } });
    if (answer.data) navigate(`/pages/${answer.data.createPage.id}`);
  };
  return (
    <Page title="Create new page">
      <form onSubmit={submit}>
        <div className="page-meta">
          <label>
            Page title
            <input
              required
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                if (!slugTouched) setSlug(slugOf(event.target.value));
              }}
            />
          </label>
          <label>
            Page identifier
            <input
              required
              value={slug}
              pattern="[a-z0-9\-]+"
              aria-describedby="slug-help"
              onChange={(event) => {
                setSlugTouched(true);
                setSlug(event.target.value);
              }}
            />
            <span id="slug-help" className="help">
              Lowercase letters, numbers and '-'; the page's address is /u/{viewer?.user?.username ?? '<your public name>'}/p/{slug || '<identifier>'}.
            </span>
          </label>
          <label>
            Page annotation
            <textarea rows={2} value={annotation} onChange={(event) => setAnnotation(event.target.value)} />
          </label>
        </div>
        <ContentEditor source={source} onChange={setSource} me={viewer?.user?.username ?? null} />
        <ErrorMessage error={created.error} what="Could not create the page" />
        <p className="actions">
          <button type="submit" disabled={created.fetching}>
            Create page
          </button>
          <Link to="/pages">Cancel</Link>
        </p>
      </form>
    </Page>
  );
}

function EditPage({ pageId }: { pageId: string }) {
  const { viewer } = useViewer();
  const [result] = useQuery({ query: PageSourceQuery, variables: { id: pageId }, requestPolicy: 'network-only' });
  const page = result.data?.page;
  const initial = useMemo(() => (typeof page?.content === 'string' ? htmlToBlocks(domHtmlNodes(parsePageHtml(page.content).body)) : null), [page?.content]);
  if (result.error) return <Page title="Edit content"><ErrorMessage error={result.error} what="Could not open the page" /></Page>;
  if (!page || !initial || !viewer) return <Page title="Edit content"><p role="status">Loading…</p></Page>;
  if (!viewer.user || page.owner !== viewer.user.username) {
    return (
      <Page title="Edit content">
        <p role="alert">Only the owner of '{page.title}' may edit its content.</p>
        <Link to={`/pages/${page.id}`}>View the page</Link>
      </Page>
    );
  }
  return <EditContent key={page.id} pageId={page.id} title={page.title} initialSource={blocksToMarkdown(initial.blocks)} dropped={initial.dropped} me={viewer?.user?.username ?? null} />;
}

function EditContent({ pageId, title, initialSource, dropped, me }: { pageId: string; title: string; initialSource: string; dropped: string[]; me: string | null }) {
  const navigate = useNavigate();
  const client = useClient();
  const [source, setSource] = useState(initialSource);
  const [saved, save] = useMutation(CreatePageRevisionMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await save({ pageId, input: { content: blocksToHtml(parseMarkdown(source)) } });
    if (!answer.data) return;
    // The page's content and embeds as stored now, before its view opens.
    await client.query(PageWithEmbedsQuery, { id: pageId }, { requestPolicy: 'network-only' }).toPromise();
    navigate(`/pages/${pageId}`);
  };
  return (
    <Page title={`Edit content: ${title}`}>
      {dropped.length > 0 && (
        <p className="notice-inaccessible">
          This page has formatting the editor's Markdown does not keep ({dropped.join(', ')}): its text is kept, the formatting is lost when you save.
        </p>
      )}
      <form onSubmit={submit}>
        <ContentEditor source={source} onChange={setSource} me={me} />
        <ErrorMessage error={saved.error} what="Could not save the page" />
        <p className="actions">
          <button type="submit" disabled={saved.fetching || source.trim() === ''}>
            Save
          </button>
          <Link to={`/pages/${pageId}`}>Cancel</Link>
        </p>
      </form>
    </Page>
  );
}

/** The Markdown text, the "Embed …" buttons and their picker, and the preview beside them. */
function ContentEditor({ source, onChange, me }: { source: string; onChange: (source: string) => void; me: string | null }) {
  const [picking, setPicking] = useState<EmbedKind | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  const embed = (kind: EmbedKind, item: Embeddable) => {
    const at = textarea.current?.selectionEnd ?? source.length;
    const before = source.slice(0, at);
    const after = source.slice(at);
    const line = `{{${kind} ${item.id} | ${item.name.replace(/[{}|\n]/g, ' ').trim()}}}`;
    const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const trail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
    onChange(`${before}${lead}${line}${trail}${after}`);
    setPicking(null);
    textarea.current?.focus();
  };
  return (
    <div className="page-editor">
      <div>
        <div className="embed-buttons" role="group" aria-label="Embed an item">
          {EMBED_KINDS.map((kind) => (
            <button key={kind} type="button" aria-expanded={picking === kind} onClick={() => setPicking(picking === kind ? null : kind)}>
              Embed {kind}
            </button>
          ))}
        </div>
        {picking && <EmbedPicker kind={picking} me={me} onPick={(item) => embed(picking, item)} onClose={() => setPicking(null)} />}
        <label htmlFor="page-source">Content (Markdown)</label>
        <textarea id="page-source" ref={textarea} value={source} onChange={(event) => onChange(event.target.value)} aria-describedby="page-source-help" spellCheck />
        <p id="page-source-help" className="help">
          # Heading, *emphasis*, **strong**, `code`, ``` code blocks ```, - bullets, 1. numbered, &gt; quotes, [links](https://…). Embedded items are lines such as
          {' {{history <id> | name}}'}.
        </p>
      </div>
      <section className="page-preview" aria-label="Preview">
        <h2>Preview</h2>
        {blocks.length === 0 ? <p className="muted">Nothing written yet.</p> : <BlocksView blocks={blocks} />}
      </section>
    </div>
  );
}

function SignInFirst({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p>
        <Link to="/login">Sign in</Link> to write pages.
      </p>
    </Page>
  );
}

/** A name as a page identifier: lower case, other characters as '-'. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

