import Dexie, { type EntityTable } from 'dexie';
import { DB_CLEARED_STORES, DB_DROPPED_FIELDS, DB_NAME, DB_VERSIONS } from './schema';
import type { Vehicle } from '../domain/listing/vehicle';
import type { OutboxItem } from './outbox/items';
import type { CatalogueMakeRow, DraftPhotoRow, DraftRow, MetaRow } from './records';
import type { ChatMessageRow, ConversationRow } from './messages/records';

export class MotokariDb extends Dexie {
  vehicles!: EntityTable<Vehicle, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  /** The reference make/model/variant catalogue, one row per make. */
  catalogue!: EntityTable<CatalogueMakeRow, 'id'>;
  /** Listing drafts saved as the seller types; their photos live apart so a keystroke never rewrites them. */
  drafts!: EntityTable<DraftRow, 'id'>;
  draftPhotos!: EntityTable<DraftPhotoRow, 'id'>;
  /** The ordered write queue that publishes drafts: uploads, the listing create, the payment request. */
  outbox!: EntityTable<OutboxItem, 'id'>;
  /** The signed-in person's conversations (issue 37) and their messages, as the server last said; the unsent ones wait in the outbox. */
  conversations!: EntityTable<ConversationRow, 'id'>;
  chatMessages!: EntityTable<ChatMessageRow, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    DB_VERSIONS.forEach((stores, i) => {
      const version = this.version(i + 1).stores(stores);
      const dropped = DB_DROPPED_FIELDS[i + 1];
      const cleared = DB_CLEARED_STORES[i + 1];
      if (cleared) version.upgrade((tx) => Promise.all(cleared.map((store) => tx.table(store).clear())));
      else if (dropped) {
        version.upgrade((tx) =>
          Promise.all(
            Object.entries(dropped).map(([store, fields]) =>
              tx
                .table(store)
                .toCollection()
                .modify((row: Record<string, unknown>) => {
                  for (const field of fields) delete row[field];
                }),
            ),
          ),
        );
      }
    });
  }
}

export const db = new MotokariDb();
