package printer

// The printer's codes and sentences.
const (
	CodeMachineLower     = "refused.redact_lower"
	CodeYAML             = "output.yaml"
	sentenceYAML         = "The answer could not be written as YAML; -o json prints it."
	SentenceMachineLower = sentenceMachineLower
)
