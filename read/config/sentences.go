package config

// config's codes and sentences.
const (
	CodeNoKubeconfig         = "refused.config.no_kubeconfig"
	sentenceNoKubeconfig     = "config reads the person's kubeconfig, which only studioctl's command line and console read; here there is none to read. Nothing was read."
	CodeContextNotFound      = "config.context_not_found"
	sentenceContextNotFound  = "The kubeconfig defines no context %q."
	CodeNoCurrentContext     = "config.no_current_context"
	sentenceNoCurrentContext = "The kubeconfig sets no current-context."
)
