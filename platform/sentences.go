package platform

// Every sentence of the platform commands, with its stable code. They are studioctl's own words,
// composed from what studioctl asked and what the objects say; no server message is repeated.
const (
	CodeNotServed    = "platform.not_served"
	CodeUsage        = "refused.platform.usage"
	CodeDiffFile     = "refused.platform.diff_file"
	CodeCRDNotServed = "http.platform.crd_not_served"

	sentenceNotServed = "This cluster does not serve %s."

	SentenceLabelValue     = "%s takes a label value: at most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit. Nothing was sent."
	SentenceDiffUnreadable = "The inventory %s could not be read. Nothing was sent."
	SentenceDiffTooLarge   = "The inventory %s is larger than %s. Nothing was sent."
	SentenceDiffSchema     = "The file %s is not a studioctl discover inventory (apiVersion %s, from discover -o json). Nothing was sent."

	sentenceComponentsCRD = "This cluster does not serve managedcomponents.platform.navin.ai (the Navin Platform Operator's CRD), so there are no ManagedComponents to show."
	sentenceNoComponents  = "No ManagedComponents found%s."

	sentenceNoDiff = "No change since the earlier inventory."
)
