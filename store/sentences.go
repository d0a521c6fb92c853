package store

// Every sentence studioctl says about saved connections lives here, with its stable code. They are
// studioctl's own words. None of them ever holds a credential: a sentence names a connection, a
// server address as the kubeconfig wrote it (which the strict reader has already checked holds no
// user name, query, control character or space), a context name quoted with %q, or a path in the
// user's own configuration directory.
const (
	CodeName           = "refused.connection.name"
	CodeExists         = "refused.connection.exists"
	CodeUnknown        = "refused.connection.unknown"
	CodeServerMismatch = "refused.connection.server_mismatch"
	CodeStorePerm      = "refused.connection.store_permissions"
	CodeStoreRead      = "refused.connection.store_read"
	CodeStoreWrite     = "refused.connection.store_write"
	CodeStoreNoDir     = "refused.connection.store_dir"
	CodeKeyringNone    = "refused.connection.keyring_unavailable"
	CodeKeyringMissing = "refused.connection.keyring_missing"

	sentenceName            = "A connection's name must be a DNS-1123 label: lower-case letters, digits and '-', starting and ending with a letter or digit, at most 63 characters. Nothing was sent."
	sentenceExists          = "A connection named %q is already saved; remove it first with: studioctl connection remove %s. Nothing was saved."
	sentenceUnknown         = "There is no saved connection named %q; studioctl connection list shows the saved ones. Nothing was sent."
	sentenceMismatchAdd     = "The context %q points at %s, not at %s as --server says. studioctl compares the scheme, host, port and path exactly as written, so that a kubeconfig can never send the credential elsewhere than the address you registered. Nothing was saved."
	sentenceMismatchOpen    = "The saved connection %q was registered for %s, but its fields now point at %s; studioctl dials only the registered address. Remove the connection and add it again. Nothing was sent."
	sentenceMismatchBadSave = "The saved connection %q holds no registered address studioctl can read; remove the connection and add it again. Nothing was sent."
	sentenceDirWide         = "The directory %s holds saved credentials but other users may read or enter it (mode %04o); studioctl will not use it until only you can: chmod 700 %s. Nothing was sent."
	sentenceFileWide        = "The file %s holds saved credentials but other users may read or write it (mode %04o); studioctl will not use it until only you can: chmod 600 %s. Nothing was sent."
	sentenceNotOwner        = "%s belongs to another user, so studioctl will not trust the credentials it holds. Nothing was sent."
	sentenceNotRegular      = "%s is not a plain file or directory (a link, a device or a pipe), so studioctl will not read credentials from it or write them to it. Nothing was sent."
	sentenceRead            = "The saved connections in %s could not be read. Nothing was sent."
	sentenceCorrupt         = "The saved connections file %s is not one studioctl wrote (it is not the JSON studioctl expects, or it is larger than 4 MiB); move it aside and add the connections again. Nothing was sent."
	sentenceWrite           = "The saved connections file %s could not be written; the connections saved before are unchanged."
	sentenceKeyringNone     = "The credentials of the saved connection %q are kept in the OS keyring, which did not answer (no keyring service runs in this session, or it is locked); unlock it, or remove the connection and add it again. Nothing was sent."
	sentenceKeyringMissing  = "The saved connection %q keeps its credentials in the OS keyring, but the keyring holds no readable entry for it (service studioctl); remove the connection and add it again. Nothing was sent."
	sentenceKeyringNoneMove = "No OS keyring answered (no keyring service runs in this session, or it is locked), so the credentials stay in the connections file; nothing was changed."
	sentenceKeyringPartMove = "The credentials of %d connections moved to the OS keyring, but the keyring did not take those of %q, which stay in the connections file."
	sentenceNoDir           = "studioctl found no configuration directory for this user (set XDG_CONFIG_HOME or HOME), so it has nowhere to keep saved connections. Nothing was sent."
)
