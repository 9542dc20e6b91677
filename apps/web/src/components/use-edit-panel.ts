import { useCallback, useState } from 'react';

/**
 * The state of a list's create/edit panel. Closing keeps the record, so the panel still shows
 * it while it animates out; `create` opens it empty, `edit` on a row.
 */
export function useEditPanel<Row>() {
  const [state, setState] = useState<{ open: boolean; record: Row | null }>({
    open: false,
    record: null,
  });
  const create = useCallback(() => setState({ open: true, record: null }), []);
  const edit = useCallback((record: Row) => setState({ open: true, record }), []);
  const onOpenChange = useCallback(
    (open: boolean) => setState((current) => ({ ...current, open })),
    [],
  );
  return { open: state.open, record: state.record, create, edit, onOpenChange };
}
