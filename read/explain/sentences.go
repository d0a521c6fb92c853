package explain

// explain's codes and sentences; nothing an OpenAPI document says is repeated.
const (
	CodeExplainNotFound       = "explain.not_found"
	CodeExplainNoField        = "explain.no_field"
	CodeExplainTooLarge       = "limit.explain"
	sentenceExplainPath       = "explain needs TYPE or TYPE.FIELD.FIELD..., each part a plain name (letters, digits, '-', '_'); %q is not one. Nothing was sent."
	sentenceExplainAPIVersion = "--api-version takes VERSION or GROUP/VERSION, such as v1 or apps/v1; %q is neither. Nothing was sent."
	sentenceExplainNoResource = "The OpenAPI document of %[2]s describes no operations on %[1]s, so explain cannot tell its kind; check the type or --api-version."
	sentenceExplainNoSchema   = "The OpenAPI document of %[2]s holds no schema for the kind %[1]s."
	sentenceExplainNoField    = "%[2]s has no field %[1]q along that path."
	sentenceExplainTooLarge   = "The schema explain was printing nests deeper than 1,000 levels or passed 16 MiB of text, so studioctl stopped; explain a field further down instead."
)
