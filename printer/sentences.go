package printer

import (
	"github.com/studioctl/studioctl/fault"
)

// The printer's codes and sentences.
const (
	CodeMachineLower     = fault.CodeRedactLower
	CodeYAML             = "output.yaml"
	sentenceYAML         = "The answer could not be written as YAML; -o json prints it."
	SentenceMachineLower = sentenceMachineLower
)

// The output forms' code (templates, custom columns) and their sentences.
const (
	CodeForm            = "refused.output_form"
	sentenceFormFile    = "%s could not read the file %q. Nothing was sent."
	sentenceFormEmpty   = "-o %s needs a template after '='. Nothing was sent."
	sentenceTemplate    = "The %s template cannot be read: %s. Nothing was sent."
	sentenceTemplateRun = "The %s template failed on the answer: %s."
	sentenceColumnSpec  = "The custom column %q is not NAME:PATH, as in NAME:.metadata.name. Nothing was sent."
	sentenceColumnFile  = "A custom-columns file holds two lines: the headers, then their paths. Nothing was sent."
	sentenceColumnCount = "The custom-columns file names %d headers and %d paths; give one path per header. Nothing was sent."
	sentenceColumnPath  = "The custom column path %q cannot be read: %s. Nothing was sent."
	sentenceFormOutput  = "The template printed more than 8 MiB, the cap of an answer's text, so it was stopped."
)

// Why a Writer is not lowered to people mode.
const sentenceMachineLower = "Machine redaction was set when this session started and cannot be lowered to people mode; start a new session without --redact machine. Nothing was sent."
