import { useParams } from 'react-router-dom';
import { decodedPathId } from '@/domain/content/screens';
import { ConversationView } from './ConversationView';
import { useConversation } from './useConversation';

/**
 * Writing to a listing's seller (/listing/{id}/message): before the conversation exists, and offline
 * too (the first message waits in the device's outbox); once it exists, the same conversation.
 */
export default function NewConversationPage() {
  const id = decodedPathId(useParams().id ?? '') ?? '';
  const c = useConversation({ listingId: id });
  return <ConversationView c={c} listingId={id} />;
}
