/**
 * The only package that knows SQL: the connection pool and migrations ({@link dev.switchboard.store.Database}),
 * the catalog, audit, ledger, session and settings tables, encryption of provider credentials at rest and the
 * HMAC that stands in for session keys.
 *
 * <p>Design notes.
 *
 * <ul>
 *   <li>One schema, two dialects: {@code db/migration/sqlite} and {@code db/migration/postgresql} hold the same
 *       tables and constraints in each dialect's types. Timestamps are epoch milliseconds in a BIGINT so that
 *       both read and compare alike; booleans go through JDBC {@code setBoolean/getBoolean} (INTEGER 0/1 in
 *       SQLite, BOOLEAN in PostgreSQL).
 *   <li>The database is the final judge of names. Models and aliases share one namespace, kept by the
 *       {@code route_name} table that every insert, rename and delete of either maintains in the same
 *       transaction; a unique violation in either dialect becomes {@link dev.switchboard.store.DuplicateNameException}.
 *       Two replicas that create the same name at once cannot both succeed.
 *   <li>Every catalog write and its audit row commit together or not at all.
 *   <li>SQLite write transactions begin IMMEDIATE (they take the write lock up front and wait up to
 *       {@code busy_timeout}); reads use a deferred transaction, which sees one WAL snapshot without locking
 *       writers out. PostgreSQL reads of the whole catalog run at REPEATABLE READ for the same reason.
 *   <li>JDBC blocks. Callers run these methods on virtual threads, never on an event loop.
 * </ul>
 */
package dev.switchboard.store;
