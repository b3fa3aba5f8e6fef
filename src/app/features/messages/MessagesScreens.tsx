import { useParams } from 'react-router-dom';
import ConversationPage from './ConversationPage';
import MessagesPage from './MessagesPage';
import NewConversationPage from './NewConversationPage';

// The messages feature's one module for the routes (App.tsx): its three screens and the menus' unread
// count load as one file, so the app's first file names one more file, not four.
export { default as UnreadBadge } from './UnreadBadge';

/** /messages, /messages/{conversationId} and /listing/{id}/message. */
export default function MessagesScreens() {
  const { conversationId, id } = useParams();
  if (id !== undefined) return <NewConversationPage />;
  if (conversationId !== undefined) return <ConversationPage />;
  return <MessagesPage />;
}
