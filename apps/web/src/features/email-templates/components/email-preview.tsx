import {
  SAMPLE_TEMPLATE_VALUES,
  emailPreviewDocument,
  escapeHtml,
  renderTemplate,
} from '@cricket/contracts';

/**
 * A template's HTML, filled with sample values, shown the only safe way: in an iframe with
 * an empty `sandbox` (no scripts, no same origin, no forms, no popups), loaded through
 * `srcdoc` with its own policy forbidding scripts and remote loads. It never enters the
 * page's own DOM.
 */
export function EmailPreview({ content, title }: { content: string; title: string }) {
  const html = renderTemplate(content, SAMPLE_TEMPLATE_VALUES, escapeHtml);
  return (
    <iframe
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={emailPreviewDocument(html)}
      className="h-80 w-full rounded-lg border border-neutral-200 bg-white"
    />
  );
}
