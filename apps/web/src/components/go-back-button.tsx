import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from './ui/button';

/** Goes back one step; on a page opened directly (no history in this tab) it goes home. */
export function GoBackButton() {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      onClick={() => {
        // React Router numbers its history entries; index 0 means nothing to go back to.
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) navigate(-1);
        else navigate('/');
      }}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Go back
    </Button>
  );
}
