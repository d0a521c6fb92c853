package redact

// SentenceOwnerSelector is the refusal of a selector on the owner, wherever a selector is read.
const SentenceOwnerSelector = "A label selector may not name eai.io/owner: studioctl shows an owner only as its fingerprint, and a selector on it would confirm a guessed identity. Nothing was sent."
