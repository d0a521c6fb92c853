package kubeconfig

import (
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/limits"
)

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// small is a valid kubeconfig the generated files grow from. Its token is a canary.
const small = `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: https://k8s.example.com:6443
users:
- name: u
  user:
    token: cnryGENERATEDxxxxxxxxxxxxxxxxxxxxxxxx
contexts:
- name: ctx
  context:
    cluster: c
    user: u
current-context: ctx
`

func codeOf(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	return refusalOf(t, err).Code
}

// billionLaughs is the classic exponential alias file, padded with aliases up to size bytes. If
// the parser expanded it, it would stand for about 9^10 strings.
func billionLaughs(size int) []byte {
	var b strings.Builder
	b.WriteString(small)
	b.WriteString("lol0: &l0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "lol%d: &l%d [", i, i)
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("pad: [*l9")
	for b.Len() < size-len(",*l9]\n") {
		b.WriteString(",*l9")
	}
	b.WriteString("]\n")
	return []byte(b.String())
}

func nested(depth int) []byte {
	// The top-level mapping is level 1, so depth-1 sequences under it reach depth levels.
	return []byte(small + "deep: " + strings.Repeat("[", depth-1) + "x" + strings.Repeat("]", depth-1) + "\n")
}

func nestedBlock(depth int) []byte {
	var b strings.Builder
	b.WriteString(small)
	for i := 1; i < depth; i++ {
		b.WriteString(strings.Repeat(" ", 2*(i-1)) + "k:\n")
	}
	b.WriteString(strings.Repeat(" ", 2*(depth-1)) + "k: end\n")
	return []byte(b.String())
}

// padded is small grown to exactly size bytes with a comment.
func padded(size int) []byte {
	pad := size - len(small) - 2
	return []byte(small + "#" + strings.Repeat("x", pad) + "\n")
}

func TestGenerated(t *testing.T) {
	laughs := billionLaughs(limits.MaxKubeconfigBytes)
	if len(laughs) > limits.MaxKubeconfigBytes || len(laughs) < limits.MaxKubeconfigBytes-16 {
		t.Fatalf("billion laughs is %d bytes", len(laughs))
	}
	tests := []struct {
		name string
		data []byte
		code string
	}{
		{"exactly 1 MiB", padded(limits.MaxKubeconfigBytes), ""},
		{"1 MiB and 1 byte", padded(limits.MaxKubeconfigBytes + 1), CodeTooLarge},
		{"16 MiB", padded(16 << 20), CodeTooLarge},
		{"billion laughs, 1 MiB", laughs, CodeAlias},
		{"100 levels, flow", nested(100), ""},
		{"101 levels, flow", nested(101), CodeTooDeep},
		{"100 levels, block", nestedBlock(100), ""},
		{"101 levels, block", nestedBlock(101), CodeTooDeep},
		{"200,000 levels", nested(200000), CodeTooDeep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse(tt.data)
			if got := codeOf(t, err); got != tt.code {
				t.Fatalf("code %q, want %q", got, tt.code)
			}
			if err == nil {
				if _, err := f.Import(""); err != nil {
					t.Fatalf("import: %v", err)
				}
			}
		})
	}
}

// The billion-laughs file is refused fast and with memory proportional to its size: yaml.v3
// keeps an alias as one node that points at its anchor and never expands it while building the
// node tree, and the checker refuses the first anchor without following any alias.
func TestBillionLaughsIsCheap(t *testing.T) {
	data := billionLaughs(limits.MaxKubeconfigBytes)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := Parse(data)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	if codeOf(t, err) != CodeAlias {
		t.Fatalf("code %q, want %q", codeOf(t, err), CodeAlias)
	}
	// The first anchor is on the line after small.
	line := strings.Count(small, "\n") + 1
	if want := fmt.Sprintf("at line %d, column 7.", line); !strings.Contains(err.Error(), want) {
		t.Errorf("sentence %q does not give %q", err.Error(), want)
	}
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("1 MiB billion laughs: refused in %v, %d MiB allocated", elapsed, allocated>>20)
	// Expanded, the file would need 9^10 strings, far beyond any bound; as nodes it takes about
	// 60 MiB. 256 MiB leaves room for the race detector and still proves nothing was expanded.
	if allocated > 256<<20 {
		t.Errorf("parsing allocated %d MiB, want under 256 MiB", allocated>>20)
	}
	if elapsed > 30*time.Second {
		t.Errorf("parsing took %v, want well under 30s", elapsed)
	}
}

// A file written on one long line is parsed in time proportional to its length: the tag check
// looks up every node's start in the source, and must not walk the line from its start each time.
func TestOneLongLineIsLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString(strings.TrimSuffix(small, "\n") + "\npad: [x")
	for b.Len() < limits.MaxKubeconfigBytes-8 {
		b.WriteString(",x")
	}
	b.WriteString("]\n")
	start := time.Now()
	if _, err := Parse([]byte(b.String())); err != nil {
		t.Fatal(err)
	}
	if elapsed := time.Since(start); elapsed > 30*time.Second {
		t.Errorf("parsing took %v", elapsed)
	}
}

// Refusals give the position of what they refuse, and nothing from the file.
func TestRefusalSentences(t *testing.T) {
	tests := []struct {
		name, data, code, sentence string
	}{
		{"duplicate key", "a: 1\nb:\n  c: 2\n  c: 3\n", CodeDuplicateKey,
			"The kubeconfig gives the same key twice in one mapping, at line 3, column 3 and again at line 4, column 3; studioctl refuses that rather than guess which one counts. Nothing was sent."},
		{"duplicate key, quoted", "token: x\n'token': y\n", CodeDuplicateKey,
			"The kubeconfig gives the same key twice in one mapping, at line 1, column 1 and again at line 2, column 1; studioctl refuses that rather than guess which one counts. Nothing was sent."},
		{"anchor", "a: &secretname x\n", CodeAlias,
			"The kubeconfig uses a YAML anchor or alias at line 1, column 4. studioctl refuses both, so that no file can grow into more than it shows; write the value out in place. Nothing was sent."},
		{"alias to nothing", "a: *secretname\n", CodeAlias,
			"The kubeconfig uses a YAML alias. studioctl refuses anchors and aliases, so that no file can grow into more than it shows; write the value out in place. Nothing was sent."},
		{"merge", "a:\n  <<: {b: c}\n", CodeMergeKey,
			"The kubeconfig uses a merge key (<<) at line 2, column 3; studioctl refuses merge keys, so write the keys out in place. Nothing was sent."},
		{"tag", "a: b\nc: !secret d\n", CodeTag,
			"The kubeconfig puts a tag at line 2, column 4 that is not one of YAML's standard !!str, !!int, !!float, !!bool, !!null, !!map and !!seq; studioctl refuses every other tag. Nothing was sent."},
		{"non-specific tag after a wide character", "é: ! x\n", CodeTag,
			"The kubeconfig puts a tag at line 1, column 4 that is not one of YAML's standard !!str, !!int, !!float, !!bool, !!null, !!map and !!seq; studioctl refuses every other tag. Nothing was sent."},
		{"non-specific tag after a line separator", "a: 1\u2028b: ! x\n", CodeTag,
			"The kubeconfig puts a tag at line 2, column 4 that is not one of YAML's standard !!str, !!int, !!float, !!bool, !!null, !!map and !!seq; studioctl refuses every other tag. Nothing was sent."},
		{"directive", "# c\n%YAML 1.1\n---\na: 1\n", CodeDirective,
			"The kubeconfig holds a %YAML or %TAG directive at line 2, column 1; studioctl refuses directives, so remove it. Nothing was sent."},
		{"second document", "a: 1\n---\nb: 2\n", CodeMultipleDocuments,
			"The kubeconfig holds more than one YAML document (another one starts at line 2, column 1); studioctl reads a file that holds exactly one. Nothing was sent."},
		{"syntax", "a: [1,\nb: secretvalue\n", CodeSyntax,
			"The kubeconfig is not valid YAML near line 2. studioctl does not repeat the YAML parser's message, which could quote the file. Nothing was sent."},
		{"not UTF-8", "a: 1\nb: x\xffy\n", CodeEncoding,
			"The kubeconfig is not UTF-8 text: line 2, column 5 holds a byte sequence that is not UTF-8. Nothing was sent."},
		{"type", "users:\n- name: u\n  user:\n    token: [secretvalue]\n", CodeType,
			"The field token at line 4, column 12 must be a string. Nothing was sent."},
		{"base64", "clusters:\n- name: c\n  cluster:\n    certificate-authority-data: secret*value\n", CodeBase64,
			"The field certificate-authority-data at line 4, column 33 is not valid base64, so it cannot be decoded. Nothing was sent."},
		{"entry not a mapping", "users:\n- secretvalue\n", CodeType,
			"The field users at line 2, column 3 must be a list of mappings. Nothing was sent."},
		{"deep", small + "d: " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "\n", CodeTooDeep,
			"The kubeconfig nests deeper than 100 levels at line 17, column 103; studioctl reads at most 100 levels. Nothing was sent."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.data))
			e := refusalOf(t, err)
			if diff := cmp.Diff([]string{tt.code, tt.sentence}, []string{e.Code, e.Sentence}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if strings.Contains(e.Sentence, "secret") {
				t.Errorf("the sentence repeats the file: %q", e.Sentence)
			}
		})
	}
}

func TestImportRefusalSentences(t *testing.T) {
	tests := []struct {
		name, data, context, code, sentence string
	}{
		{"no current context", small[:strings.Index(small, "current-context")], "", CodeNoCurrentContext,
			"No context was named and the kubeconfig sets no current-context; name one with --context. Nothing was sent."},
		{"current context undefined", strings.Replace(small, "current-context: ctx", "current-context: other", 1), "", CodeMissingContext,
			"The kubeconfig's current-context (line 16, column 18) names a context the file does not define; name one with --context. Nothing was sent."},
		{"named context undefined", small, "secretname", CodeMissingContext,
			`The kubeconfig defines no context named "secretname"; it defines "ctx". Name one of those with --context. Nothing was sent.`},
		{"server with a backslash", strings.Replace(small, "https://k8s.example.com:6443", `https://k8s.example.com\@secret.example.net`, 1), "", CodeServerBackslash,
			"The server at line 6, column 13 holds a backslash, which URL readers disagree about. Nothing was sent."},
		{"user undefined", strings.Replace(small, "    user: u\n", "    user: secretname\n", 1), "", CodeMissingUser,
			"The context at line 12, column 3 names a user the file does not define. Nothing was sent."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.Import(tt.context)
			e := refusalOf(t, err)
			if diff := cmp.Diff([]string{tt.code, tt.sentence}, []string{e.Code, e.Sentence}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// manyContexts is small with n more contexts, ctx00 to ctx(n-1), all on its cluster and user.
func manyContexts(n int) string {
	var b strings.Builder
	b.WriteString(small)
	b.WriteString("contexts:\n- name: ctx\n  context: {cluster: c, user: u}\n")
	for i := range n {
		fmt.Fprintf(&b, "- name: ctx%02d\n  context: {cluster: c, user: u}\n", i)
	}
	return strings.Replace(b.String(), "contexts:\n- name: ctx\n  context:\n    cluster: c\n    user: u\n", "", 1)
}

// A context name the file does not define is refused with the name asked for and the names the
// file defines, sorted, at most maxNamedContexts of them; every name is sanitised, and the
// token never appears.
func TestMissingContextNamesWhatTheFileDefines(t *testing.T) {
	noContexts := small[:strings.Index(small, "contexts:")]
	var first20 []string
	for i := range 19 {
		first20 = append(first20, fmt.Sprintf("%q", fmt.Sprintf("ctx%02d", i)))
	}
	tests := []struct {
		name, data, context, sentence string
	}{
		{"one context", small, "nope", `The kubeconfig defines no context named "nope"; it defines "ctx". Name one of those with --context. Nothing was sent.`},
		{"sorted", strings.Replace(small, "current-context: ctx", "- name: alpha\n  context: {cluster: c, user: u}\ncurrent-context: ctx", 1), "prdo",
			`The kubeconfig defines no context named "prdo"; it defines "alpha", "ctx". Name one of those with --context. Nothing was sent.`},
		{"exactly 20", manyContexts(19), "nope",
			`The kubeconfig defines no context named "nope"; it defines "ctx", ` + strings.Join(first20, ", ") + `. Name one of those with --context. Nothing was sent.`},
		{"more than 20", manyContexts(25), "nope",
			`The kubeconfig defines no context named "nope"; it defines "ctx", ` + strings.Join(first20, ", ") + ` and 6 more. Name one of those with --context. Nothing was sent.`},
		{"none defined", noContexts, "nope", `The kubeconfig defines no context named "nope", nor any other context. Nothing was sent.`},
		{"hostile name asked", small, "no\x1b]0;title\x07pe\u202e", `The kubeconfig defines no context named "nope\u202e"; it defines "ctx". Name one of those with --context. Nothing was sent.`},
		{"hostile names defined", strings.Replace(small, "name: ctx", `name: "c\rtx\x1b[2J\u200b\x07"`, 1), "nope",
			`The kubeconfig defines no context named "nope"; it defines "c\x0dtx\u200b\x07". Name one of those with --context. Nothing was sent.`},
		{"long name cut", small, strings.Repeat("n", limits.MaxSentenceValue+10),
			`The kubeconfig defines no context named "` + strings.Repeat("n", limits.MaxSentenceValue) + `…"; it defines "ctx". Name one of those with --context. Nothing was sent.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.Import(tt.context)
			e := refusalOf(t, err)
			if diff := cmp.Diff([]string{CodeMissingContext, tt.sentence}, []string{e.Code, e.Sentence}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if strings.Contains(e.Sentence, "cnry") {
				t.Errorf("the sentence repeats the token: %q", e.Sentence)
			}
		})
	}
}

func TestSplitServer(t *testing.T) {
	tests := []struct {
		in   string
		want server
		code string
	}{
		{"https://rancher.example.com/k8s/clusters/c-m-abc12", server{host: "rancher.example.com", port: 443, apiPath: "/k8s/clusters/c-m-abc12"}, ""},
		{"https://rancher.example.com/k8s/clusters/c-m-abc12/", server{host: "rancher.example.com", port: 443, apiPath: "/k8s/clusters/c-m-abc12/"}, ""},
		{"https://[::1]:6443", server{host: "::1", port: 6443}, ""},
		{"https://[2001:db8::10]", server{host: "2001:db8::10", port: 443}, ""},
		{"https://10.0.0.1:6443/", server{host: "10.0.0.1", port: 6443}, ""},
		{"http://127.0.0.1:8001", server{plain: true, host: "127.0.0.1", port: 8001}, ""},
		{"http://localhost", server{plain: true, host: "localhost", port: 80}, ""},
		{"HTTPS://Example.COM", server{host: "Example.COM", port: 443}, ""},
		{"https://k8s.example.com:65535", server{host: "k8s.example.com", port: 65535}, ""},
		{"https://a/b.c/d..e/~f", server{host: "a", port: 443, apiPath: "/b.c/d..e/~f"}, ""},
		{"k8s.example.com:6443", server{}, CodeServerScheme},
		{"unix:///var/run/k8s.sock", server{}, CodeServerScheme},
		{"https:/k8s.example.com", server{}, CodeServerScheme},
		{"https://", server{}, CodeServerHost},
		{"https://[::1", server{}, CodeServerHost},
		{"https://[::1]x", server{}, CodeServerHost},
		{"https://[fe80::1%25eth0]:6443", server{}, CodeServerHost},
		{"https://::1:6443", server{}, CodeServerHost},
		{"https://h:0", server{}, CodeServerPort},
		{"https://h:+443", server{}, CodeServerPort},
		{"https://h:443a", server{}, CodeServerPort},
		{"https://h:100000", server{}, CodeServerPort},
		{"https://user@h", server{}, CodeServerUserinfo},
		{"https://h/a@b", server{host: "h", port: 443, apiPath: "/a@b"}, ""},
		{"https://h?x", server{}, CodeServerQuery},
		{"https://h#x", server{}, CodeServerFragment},
		{"https://h/a%2Fb", server{}, CodeServerPathPercent},
		{"https://h/a//b", server{}, CodeServerPathEmptySegment},
		{"https://h/a/.", server{}, CodeServerPathDotSegment},
		{"https://h/../a", server{}, CodeServerPathDotSegment},
		{"https://h/a\\b", server{}, CodeServerBackslash},
		{"https://h\t/a", server{}, CodeServerWhitespace},
		{"https://h\u2028", server{}, CodeServerWhitespace},
		{"https://h\x00", server{}, CodeServerControl},
		{"https://h\u0085", server{}, CodeServerWhitespace},
		{"https://h\x1b[2J", server{}, CodeServerControl},
		{"https://h\u009b", server{}, CodeServerControl},
		{"https://h\x07 x", server{}, CodeServerControl},
		{"https://h\x7f", server{}, CodeServerControl},
		{"https://h\u200d", server{}, CodeServerInvisible},
		{"https://h\u2066", server{}, CodeServerInvisible},
		{"https://h\u00ad", server{}, CodeServerInvisible},
		{"https://g\u043e\u043egle.com", server{}, CodeServerNonASCII},
		{"https://h\uff0ea", server{}, CodeServerNonASCII},
		{"https://h\u202e \\", server{}, CodeServerWhitespace},
	}
	for _, tt := range tests {
		got, code := splitServer(tt.in)
		if code != tt.code || got != tt.want {
			t.Errorf("splitServer(%q) = %+v, %q; want %+v, %q", tt.in, got, code, tt.want, tt.code)
		}
	}
}

func TestContexts(t *testing.T) {
	f, err := Parse(readCorpusFile(t, "multi_context.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"prod", "staging"}, f.Contexts()); diff != "" {
		t.Errorf("Contexts (-want +got):\n%s", diff)
	}
	if got := f.CurrentContext(); got != "staging" {
		t.Errorf("CurrentContext = %q", got)
	}
	f, err = Parse([]byte("apiVersion: v1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Contexts()) != 0 || f.CurrentContext() != "" {
		t.Errorf("an empty config lists %v, current %q", f.Contexts(), f.CurrentContext())
	}
}

// The notices say what the specification says they say, in studioctl's words.
func TestNoticeSentences(t *testing.T) {
	f, err := Parse(readCorpusFile(t, "every_setting_not_imported.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	imp, err := f.Import("")
	if err != nil {
		t.Fatal(err)
	}
	want := []Notice{{NoticeNotImported, "Not imported: exec, auth-provider, certificate-authority, client-certificate, client-key, tokenFile, token-file, proxy-url, username, password, as, as-uid, as-groups, as-user-extra. studioctl reads no local file, runs no program, goes through no proxy and impersonates no one, so these settings are left out and never used."}}
	if diff := cmp.Diff(want, imp.Notices); diff != "" {
		t.Errorf("notices (-want +got):\n%s", diff)
	}
	for _, tt := range []struct{ notice, must string }{
		{sentencePlaintext, "KUBERNETES_ALLOW_LOOPBACK_PLAINTEXT=true"},
		{sentenceInsecureTLS, "KUBERNETES_ALLOW_INSECURE_TLS=true"},
		{sentenceCredentialPlugin, "docs/kubeconfig.md"},
		{sentenceCredentialPlugin, "studioctl-reader"},
		{sentenceAnonymous, "docs/kubeconfig.md"},
		{sentenceAnonymous, "anonymous"},
	} {
		if !strings.Contains(tt.notice, tt.must) {
			t.Errorf("%q does not name %s", tt.notice, tt.must)
		}
	}
}

// An import owns its bytes: changing them does not change the file or the next import.
func TestImportCopies(t *testing.T) {
	f, err := Parse(readCorpusFile(t, "kind.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	first, _ := f.Import("")
	first.Connection.CAData[0] ^= 0xff
	first.Connection.ClientKeyData[0] ^= 0xff
	second, _ := f.Import("")
	if second.Connection.CAData[0] == first.Connection.CAData[0] || second.Connection.ClientKeyData[0] == first.Connection.ClientKeyData[0] {
		t.Error("an import shares its bytes with the file")
	}
}
