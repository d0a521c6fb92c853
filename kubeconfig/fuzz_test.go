package kubeconfig

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/studioctl/studioctl/fault"
)

// The only words a %s of a sentence can hold.
var vocabulary = []string{
	listClusters, listUsers, listContexts, fieldName, fieldCluster, fieldUser, fieldContext,
	fieldCurrentContext, fieldNamespace, fieldServer, fieldCAData, fieldTLSServerName, fieldInsecure,
	fieldProxyURL, fieldCAFile, fieldToken, fieldClientCertData, fieldClientKeyData, fieldTokenFile,
	fieldTokenFileDash, fieldClientCertFile, fieldClientKeyFile, fieldUsername, fieldPassword, fieldExec,
	fieldAuthProvider, fieldAs, fieldAsUID, fieldAsGroups, fieldAsUserExtra,
	mustString, mustBool, mustList, mustMapping, mustListOfMappings,
}

var (
	templatesOnce sync.Once
	templates     []*regexp.Regexp
)

// sentenceTemplates turns every sentence of sentences.go into a pattern: %d takes digits, %s one
// or more words of the vocabulary. A sentence that matches none of them said something studioctl
// did not write.
func sentenceTemplates() []*regexp.Regexp {
	templatesOnce.Do(func() {
		var words []string
		for _, w := range vocabulary {
			words = append(words, regexp.QuoteMeta(w))
		}
		word := "(?:" + strings.Join(words, "|") + ")"
		formats := []string{
			sentenceTooLarge, sentenceEncodingBOM, sentenceEncodingAt, sentenceDirective, sentenceSyntaxAt,
			sentenceSyntax, sentenceTooDeepAt, sentenceTooDeep, sentenceMultipleDocuments, sentenceEmpty,
			sentenceNotMapping, sentenceAliasAt, sentenceAlias, sentenceMergeKey, sentenceTag,
			sentenceDuplicateKey, sentenceComplexKey, sentenceType, sentenceBase64, sentenceMissingName,
			sentenceDuplicateName, sentenceNoCurrentContext, sentenceMissingContextCur, sentenceNoCluster, sentenceMissingCluster, sentenceMissingUser,
			sentenceServerMissing, sentencePlaintext, sentenceInsecureTLS, sentenceNotImported,
			sentenceCredentialPlugin, sentenceAnonymous,
		}
		for _, s := range serverSentences {
			formats = append(formats, s)
		}
		for _, f := range formats {
			p := regexp.QuoteMeta(strings.ReplaceAll(f, "%%", "\x00"))
			p = strings.ReplaceAll(p, "%d", "[0-9]+")
			p = strings.ReplaceAll(p, "%s", word+"(?:, "+word+")*")
			p = strings.ReplaceAll(p, "\x00", "%")
			templates = append(templates, regexp.MustCompile("^"+p+"$"))
		}
		templates = append(templates, namedTemplate(sentenceMissingContextNamed), namedTemplate(sentenceMissingContextNone))
	})
	return templates
}

// namedTemplate is the pattern of a missing-context sentence once withoutNames has put "NAME"
// for each name it quotes: the first %s is the name asked for, a second the list of names the
// file defines.
func namedTemplate(format string) *regexp.Regexp {
	p := strings.Replace(regexp.QuoteMeta(format), "%s", `"NAME"`, 1)
	p = strings.Replace(p, "%s", `"NAME"(?:, "NAME")*(?: and [0-9]+ more)?`, 1)
	return regexp.MustCompile("^" + p + "$")
}

// withoutNames puts "NAME" where a missing-context sentence quotes a context name, the one asked
// for or one the file defines: those names are what the sentence is about, not credentials, and
// the rest of it must still be studioctl's own and repeat nothing of the file.
func withoutNames(sentence string, names []string) string {
	quoted := make([]string, 0, len(names))
	for _, n := range names {
		quoted = append(quoted, quoteName(n))
	}
	sort.Slice(quoted, func(i, j int) bool { return len(quoted[i]) > len(quoted[j]) })
	for _, q := range quoted {
		sentence = strings.ReplaceAll(sentence, q, `"NAME"`)
	}
	return sentence
}

// checkImportRefusal is checkRefusal for a refusal of f.Import(asked).
func checkImportRefusal(t *testing.T, input []byte, f *File, asked string, err error) {
	t.Helper()
	if e, ok := fault.As(err); ok && e.Code == CodeMissingContext {
		named := *e
		named.Sentence = withoutNames(e.Sentence, append([]string{asked}, f.Contexts()...))
		err = &named
	}
	checkRefusal(t, input, err)
}

func ourSentence(s string) bool {
	for _, re := range sentenceTemplates() {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

func credentialChar(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("+/=_.~:-", b) >= 0
}

// echoesCredential reports a run of 8 or more characters of the input that looks like a
// credential (token characters only, with a letter and a digit) and that the sentence repeats.
func echoesCredential(sentence string, input []byte) (string, bool) {
	const window = 8
	for i := 0; i+window <= len(sentence); i++ {
		w := sentence[i : i+window]
		letter, digit, ok := false, false, true
		for j := 0; j < len(w); j++ {
			c := w[j]
			ok = ok && credentialChar(c)
			letter = letter || (c|0x20 >= 'a' && c|0x20 <= 'z')
			digit = digit || (c >= '0' && c <= '9')
		}
		if ok && letter && digit && bytes.Contains(input, []byte(w)) {
			return w, true
		}
	}
	return "", false
}

func checkSaid(t *testing.T, input []byte, code, sentence string) {
	t.Helper()
	if !strings.HasPrefix(code, "kubeconfig.") {
		t.Fatalf("code %q is not a kubeconfig code", code)
	}
	if !ourSentence(sentence) {
		t.Fatalf("%s: %q is not one of studioctl's sentences", code, sentence)
	}
	if w, bad := echoesCredential(sentence, input); bad {
		t.Fatalf("%s: %q repeats %q from the input", code, sentence, w)
	}
}

func checkRefusal(t *testing.T, input []byte, err error) {
	t.Helper()
	e, ok := fault.As(err)
	if !ok {
		t.Fatalf("error is %T, not *fault.Error", err)
	}
	if e.Class != fault.Refused {
		t.Fatalf("%s exits %d", e.Code, e.Exit())
	}
	checkSaid(t, input, e.Code, e.Sentence)
}

func FuzzParse(f *testing.F) {
	names, _ := filepath.Glob(filepath.Join(corpusDir, "*.yaml"))
	for _, name := range names {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"", "a: 1", "- x", "&a x", "*a", "a: &a [*a]", "<<: {}", "%YAML 1.1\n---\n{}", "!x {}", "? [a]\n: b",
		"a: 1\n---\n", "a: !!binary aGk=", "current-context: x\ncontexts: [{name: x, context: {cluster: c}}]",
		"clusters: [{name: c, cluster: {server: 'https://h\\x00'}}]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			checkRefusal(t, data, err)
			return
		}
		names := append([]string{"", "x"}, file.Contexts()...)
		if len(names) > 20 {
			names = names[:20]
		}
		for _, name := range names {
			imp, err := file.Import(name)
			if err != nil {
				checkImportRefusal(t, data, file, name, err)
				continue
			}
			for _, n := range imp.Notices {
				checkSaid(t, data, n.Code, n.Sentence)
			}
		}
	})
}

// Every sentence of the corpus run is one of studioctl's own.
func TestCorpusSentencesAreOurs(t *testing.T) {
	for _, name := range corpusFiles(t) {
		data := readCorpusFile(t, name)
		f, err := Parse(data)
		if err != nil {
			checkRefusal(t, data, err)
			continue
		}
		for _, ctx := range append([]string{"", "nope"}, f.Contexts()...) {
			imp, err := f.Import(ctx)
			if err != nil {
				checkImportRefusal(t, data, f, ctx, err)
				continue
			}
			for _, n := range imp.Notices {
				checkSaid(t, data, n.Code, n.Sentence)
			}
		}
	}
}
