import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';

/** An info icon that explains the control beside it on hover or keyboard focus. */
export function InfoTooltip({ label, text }: { label: string; text: string }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label={label}
            className="inline-flex size-5 items-center justify-center rounded-full text-neutral-400 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-primary-600"
          >
            <Info className="size-4" aria-hidden="true" />
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-[80] max-w-xs rounded-md bg-chrome px-3 py-2 text-xs text-white shadow-lg"
          >
            {text}
            <Tooltip.Arrow className="fill-chrome" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
