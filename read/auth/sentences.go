package auth

// Sentences of the meta family: api-resources, api-versions, explain, auth can-i and auth whoami.
// Each is studioctl's own; nothing the server wrote (an authorizer's reason, an OpenAPI message) is
// repeated.
const (
	sentenceCanIArgs           = "auth can-i needs a verb and what it acts on: VERB TYPE, VERB TYPE/NAME or VERB /URL. Nothing was sent."
	sentenceCanIListArgs       = "auth can-i --list takes no arguments: it lists every right in the namespace. Nothing was sent."
	sentenceCanIListFlags      = "auth can-i --list reads one namespace and every resource: it takes neither -A nor --subresource. Nothing was sent."
	sentenceCanINoHeaders      = "--no-headers applies to the table auth can-i --list prints; a single question answers yes or no. Nothing was sent."
	sentenceCanIURLSubresource = "--subresource applies to a resource, not to a URL path such as /healthz. Nothing was sent."
	sentenceCanIUnknownVerb    = "%q is not a verb kubectl knows; the API server was asked anyway."
	sentenceCanIUnknownType    = "Discovery lists no resource type %q; the API server was asked about it as written."
	sentenceCanIReasonKept     = "The API server gave a reason with its answer, which studioctl does not repeat."
	sentenceCanIIncomplete     = "The API server says this list of rights in namespace %s may be incomplete (an authorizer could not list its rules); a right missing here may still be granted."
)
