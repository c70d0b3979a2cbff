import { Migration } from '@mikro-orm/migrations';

/**
 * Every change of a history's dataset or collection is signalled on `history_item_changed` (NOTIFY,
 * `{"h": history id, "k": "dataset" | "collection", "id": item id}`): a dataset's state, whichever
 * process or path changed it (a runner, the REST API, another server), reaches the subscriptions of
 * every process. A transaction that sets `platform.history_signals` to 'off' sends none (the importer
 * filling an empty database).
 */
export class Migration20261128020000_history_item_signals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function signal_history_item_changed() returns trigger language plpgsql as $$
      begin
        -- A bulk writer with nobody to tell (the importer) turns the signals off for its transaction.
        if current_setting('platform.history_signals', true) = 'off' then
          return null;
        end if;
        if tg_table_name = 'dataset' then
          perform pg_notify('history_item_changed', json_build_object('h', h.history_id, 'k', 'dataset', 'id', h.id)::text)
            from history_dataset_association h where h.dataset_id = new.id and h.history_id is not null;
        elsif tg_table_name = 'history_dataset_association' then
          if new.history_id is not null then
            perform pg_notify('history_item_changed', json_build_object('h', new.history_id, 'k', 'dataset', 'id', new.id)::text);
          end if;
        else
          perform pg_notify('history_item_changed', json_build_object('h', new.history_id, 'k', 'collection', 'id', new.id)::text);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger dataset_state_signal after update of state on "dataset" for each row
      when (old.state is distinct from new.state) execute function signal_history_item_changed();`);
    this.addSql(`create trigger history_dataset_association_signal after insert or update on "history_dataset_association" for each row
      execute function signal_history_item_changed();`);
    this.addSql(`create trigger history_dataset_collection_association_signal after insert or update on "history_dataset_collection_association" for each row
      execute function signal_history_item_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists history_dataset_collection_association_signal on "history_dataset_collection_association";');
    this.addSql('drop trigger if exists history_dataset_association_signal on "history_dataset_association";');
    this.addSql('drop trigger if exists dataset_state_signal on "dataset";');
    this.addSql('drop function if exists signal_history_item_changed();');
  }
}
