import { useParams } from 'react-router-dom';
import { decodedPathId } from '@/domain/content/screens';
import { ConversationView } from './ConversationView';
import { useConversation } from './useConversation';

/** A conversation (/messages/{conversationId}). */
export default function ConversationPage() {
  const id = decodedPathId(useParams().conversationId ?? '') ?? '';
  const c = useConversation({ conversationId: id });
  return <ConversationView c={c} listingId={null} />;
}
