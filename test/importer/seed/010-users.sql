-- Users, keys, roles, groups and quotas of a 15.05 installation (ids as a real one has them: gaps included).
-- Passwords: admin and alice PBKDF2 (15.05's default), carol and bob (deleted) the older unsalted sha1;
-- dave is purged; erin's email repeats alice's with another case... and frank's is alice's exactly (15.05 did
-- not forbid it); Gina's username has capitals (legal before usernames were checked).
insert into galaxy_user (id, create_time, update_time, email, password, external, deleted, purged, username, disk_usage, active) values
  (1, '2014-03-02 09:15:00', '2015-06-01 10:00:00', 'admin@example.org', 'PBKDF2$sha256$10000$YWRtaW5zYWx0MTIz$zBuLXf2ObZsCat/dlgw6k4AvgO6Sik5H', false, false, false, 'admin', 0, true),
  (2, '2014-03-05 11:00:00', '2015-07-01 08:30:00', 'alice@example.org', 'PBKDF2$sha256$10000$YWxpY2VzYWx0MTIz$udFPLg8hNCIrJx3ayDYvehPHQSl4rWeR', false, false, false, 'alice', 1234, true),
  (3, '2013-01-10 12:00:00', '2014-01-10 12:00:00', 'bob@example.org', 'a07af2093c8ce0e6c9bc44f9ddd4818917bf7d74', false, true, false, 'bob', 0, true),
  (4, '2013-02-11 13:00:00', '2015-02-11 13:00:00', 'carol@example.org', '46f0be54b6bdcced3a31c3c899e52e300d0e79b2', false, false, false, 'carol', 0, true),
  (6, '2013-04-01 09:00:00', '2014-05-01 09:00:00', 'dave@example.org', 'a07af2093c8ce0e6c9bc44f9ddd4818917bf7d74', false, true, true, null, 0, true),
  (7, '2015-01-01 09:00:00', null, 'alice@example.org', 'a07af2093c8ce0e6c9bc44f9ddd4818917bf7d74', true, false, false, 'frank', null, true),
  (9, '2015-02-01 09:00:00', '2015-02-01 09:00:00', 'gina@example.org', '46f0be54b6bdcced3a31c3c899e52e300d0e79b2', false, false, false, 'Gina-Lab', 0, true);

-- alice: an older key (expired on the platform) and her current one; carol: one key; bob (deleted): one key.
insert into api_keys (id, create_time, user_id, key) values
  (1, '2014-04-01 10:00:00', 2, '0123456789abcdef0123456789abcdef'),
  (2, '2015-05-01 10:00:00', 2, 'a11ce0000000000000000000000c0de5'),
  (3, '2015-01-01 10:00:00', 4, 'ca401000000000000000000000000001'),
  (5, '2013-06-01 10:00:00', 3, 'b0b00000000000000000000000000001');

insert into role (id, create_time, update_time, name, description, type, deleted) values
  (1, '2014-03-02 09:15:00', '2014-03-02 09:15:00', 'admin@example.org', 'Private Role for admin@example.org', 'private', false),
  (2, '2014-03-05 11:00:00', '2014-03-05 11:00:00', 'alice@example.org', 'Private Role for alice@example.org', 'private', false),
  (3, '2013-01-10 12:00:00', '2013-01-10 12:00:00', 'bob@example.org', 'Private Role for bob@example.org', 'private', false),
  (4, '2013-02-11 13:00:00', '2013-02-11 13:00:00', 'carol@example.org', 'Private Role for carol@example.org', 'private', false),
  (5, '2014-06-01 09:00:00', '2014-06-01 09:00:00', 'sequencing-core', 'Members of the sequencing core', 'admin', false),
  (6, '2014-06-02 09:00:00', '2014-06-02 09:00:00', 'old-project', null, 'admin', true),
  (7, '2015-02-01 09:00:00', '2015-02-01 09:00:00', 'gina@example.org', 'Private Role for gina@example.org', 'private', false);

insert into galaxy_group (id, create_time, update_time, name, deleted) values
  (1, '2014-06-01 09:00:00', '2014-06-01 09:00:00', 'core-facility', false),
  (2, '2014-06-03 09:00:00', '2014-06-03 09:00:00', 'former-lab', true);

insert into user_role_association (id, user_id, role_id, create_time, update_time) values
  (1, 1, 1, '2014-03-02 09:15:00', '2014-03-02 09:15:00'),
  (2, 2, 2, '2014-03-05 11:00:00', '2014-03-05 11:00:00'),
  (3, 3, 3, '2013-01-10 12:00:00', '2013-01-10 12:00:00'),
  (4, 4, 4, '2013-02-11 13:00:00', '2013-02-11 13:00:00'),
  (5, 2, 5, '2014-06-01 09:00:00', '2014-06-01 09:00:00'),
  (6, 9, 7, '2015-02-01 09:00:00', '2015-02-01 09:00:00');

-- Rows that point at users that are gone: a real database can hold them (foreign keys missing, rows removed by hand).
set session_replication_role = replica;
insert into api_keys (id, create_time, user_id, key) values (6, '2015-01-02 10:00:00', 99, 'd4ad0000000000000000000000000001');
insert into user_role_association (id, user_id, role_id, create_time, update_time) values (7, 42, 5, '2015-02-01 09:00:00', '2015-02-01 09:00:00');
set session_replication_role = origin;

insert into user_group_association (id, user_id, group_id, create_time, update_time) values
  (1, 2, 1, '2014-06-01 09:00:00', '2014-06-01 09:00:00'),
  (2, 4, 1, '2014-06-01 09:00:00', '2014-06-01 09:00:00');

insert into group_role_association (id, group_id, role_id, create_time, update_time) values
  (1, 1, 5, '2014-06-01 09:00:00', '2014-06-01 09:00:00');

insert into quota (id, create_time, update_time, name, description, bytes, operation, deleted) values
  (1, '2014-07-01 09:00:00', '2014-07-01 09:00:00', 'default registered', 'Every registered user', 10737418240, '=', false),
  (2, '2014-07-02 09:00:00', '2014-07-02 09:00:00', 'core bonus', 'More for the core facility', 53687091200, '+', false),
  (3, '2014-07-03 09:00:00', '2014-07-03 09:00:00', 'carol small', 'Carol''s own', 1073741824, '=', false);

insert into default_quota_association (id, create_time, update_time, type, quota_id) values
  (1, '2014-07-01 09:00:00', '2014-07-01 09:00:00', 'registered', 1);
insert into group_quota_association (id, group_id, quota_id, create_time, update_time) values
  (1, 1, 2, '2014-07-02 09:00:00', '2014-07-02 09:00:00');
insert into user_quota_association (id, user_id, quota_id, create_time, update_time) values
  (1, 4, 3, '2014-07-03 09:00:00', '2014-07-03 09:00:00');

-- Sequences continue after the largest ids, as on a running installation.
select setval('galaxy_user_id_seq', 9), setval('api_keys_id_seq', 6), setval('role_id_seq', 7), setval('galaxy_group_id_seq', 2), setval('quota_id_seq', 3);
