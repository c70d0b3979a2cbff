import { Migration } from '@mikro-orm/migrations';

/**
 * The administrators' audit log (src/services/audit-log): every administrative action, kept when
 * its actor is deleted or purged (no foreign key to the user). Listed newest first, by action too.
 */
export class Migration20261206170000_admin_audit_log extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "admin_audit_entry" ("id" serial primary key, "create_time" timestamptz(6) not null default now(), "actor_id" int null, "actor_email" text not null, "action" text not null, "target_type" text null, "target_id" text null, "target_label" text null, "details" jsonb not null default '{}'::jsonb, "client_address" text null);`);
    this.addSql(`create index "admin_audit_entry_create_time_id_index" on "admin_audit_entry" ("create_time", "id");`);
    this.addSql(`create index "admin_audit_entry_action_create_time_index" on "admin_audit_entry" ("action", "create_time");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "admin_audit_entry" cascade;`);
  }

}
