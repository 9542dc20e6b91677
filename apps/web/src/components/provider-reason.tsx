import { providerErrorWords, type ProviderKind } from '@cricket/contracts';

/**
 * Why a provider did not deliver, in words ('The mail server could not be reached'), with its
 * raw reason behind 'Details' for whoever runs the server. A reason the product wrote itself
 * is shown as it is.
 */
export function ProviderReason({ raw, kind = 'email' }: { raw: string; kind?: ProviderKind }) {
  const words = providerErrorWords(raw, kind);
  if (words === null) return <span className="break-words">{raw}</span>;
  return (
    <span className="min-w-0">
      <span className="break-words">{words}</span>
      <details className="text-xs">
        <summary className="w-fit cursor-pointer rounded underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-600">
          Details
        </summary>
        <code className="mt-1 block font-mono break-all whitespace-pre-wrap">{raw}</code>
      </details>
    </span>
  );
}
