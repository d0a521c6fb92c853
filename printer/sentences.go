package printer

const (
	CodeMachineLower     = "refused.redact_lower"
	CodeYAML             = "output.yaml"
	sentenceYAML         = "The answer holds a character YAML cannot carry (such as DEL or U+FFFE), so it was not printed as YAML; -o json prints it escaped."
	SentenceMachineLower = sentenceMachineLower
)
