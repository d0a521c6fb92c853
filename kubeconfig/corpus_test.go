package kubeconfig

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
)

const corpusDir = "../testdata/kubeconfig"

// outcome is one row of testdata/kubeconfig/expected.json: a refusal code, or the imported
// fields with the notice codes and what kube.Connection.Validate says with both switches off.
type outcome struct {
	File     string    `json:"file"`
	Context  string    `json:"context,omitempty"`
	Code     string    `json:"code,omitempty"`
	Import   *imported `json:"import,omitempty"`
	Notices  []string  `json:"notices,omitempty"`
	Validate string    `json:"validate,omitempty"`
}

// imported is an Import in the table's terms. CA, ClientCert and ClientKey name the file under
// testdata/kubeconfig whose bytes the field holds, so the table stays readable.
type imported struct {
	Name             string `json:"name"`
	Host             string `json:"host"`
	Port             int    `json:"port"`
	APIPath          string `json:"api_path"`
	SSLMode          string `json:"ssl_mode"`
	Token            string `json:"token"`
	CA               string `json:"ca"`
	ClientCert       string `json:"client_cert"`
	ClientKey        string `json:"client_key"`
	TLSServerName    string `json:"tls_server_name"`
	DefaultNamespace string `json:"default_namespace"`
}

var pkiFiles = []string{"pki/ca.crt", "pki/client.crt", "pki/client.key"}

func readCorpusFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func loadExpected(t *testing.T) []outcome {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(readCorpusFile(t, "expected.json")))
	dec.DisallowUnknownFields()
	var rows []outcome
	if err := dec.Decode(&rows); err != nil {
		t.Fatalf("expected.json: %v", err)
	}
	return rows
}

// corpusFiles are the kubeconfigs of the corpus: every .yaml file of the directory.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(corpusDir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range names {
		names[i] = filepath.Base(names[i])
	}
	sort.Strings(names)
	return names
}

// nameBytes says which pki file holds b, for the table.
func nameBytes(t *testing.T, b []byte) string {
	if len(b) == 0 {
		return ""
	}
	for _, name := range pkiFiles {
		if bytes.Equal(b, readCorpusFile(t, name)) {
			return name
		}
	}
	return fmt.Sprintf("unknown bytes (%d)", len(b))
}

// run imports one row the way studioctl would and describes the result in the table's terms.
// It also returns every sentence studioctl said, for the leak checks.
func run(t *testing.T, data []byte, context string) (outcome, []string) {
	t.Helper()
	var said []string
	f, err := Parse(data)
	if err != nil {
		said = append(said, refusalOf(t, err).Sentence)
		return outcome{Code: refusalOf(t, err).Code}, said
	}
	imp, err := f.Import(context)
	if err != nil {
		said = append(said, refusalOf(t, err).Sentence)
		return outcome{Code: refusalOf(t, err).Code}, said
	}
	c := imp.Connection
	got := outcome{Import: &imported{
		Name: imp.Name, Host: c.Host, Port: c.Port, APIPath: c.APIPath, SSLMode: string(c.SSLMode),
		Token: c.Token, CA: nameBytes(t, c.CAData), ClientCert: nameBytes(t, c.ClientCertData),
		ClientKey: nameBytes(t, c.ClientKeyData), TLSServerName: c.TLSServerName, DefaultNamespace: c.DefaultNamespace,
	}}
	for _, n := range imp.Notices {
		got.Notices = append(got.Notices, n.Code)
		said = append(said, n.Sentence)
	}
	got.Validate = "ok"
	if _, err := c.Validate(kube.Switches{}); err != nil {
		e := refusalOf(t, err)
		got.Validate = e.Code
		said = append(said, e.Sentence)
	}
	return got, said
}

func refusalOf(t testing.TB, err error) *fault.Error {
	t.Helper()
	e, ok := fault.As(err)
	if !ok {
		t.Fatalf("error is not a *fault.Error: %T", err)
	}
	if e.Class != fault.Refused {
		t.Fatalf("refusal %s exits %d, want %d", e.Code, e.Exit(), fault.ExitRefused)
	}
	return e
}

func TestCorpus(t *testing.T) {
	rows := loadExpected(t)
	files := corpusFiles(t)
	if len(files) < 45 {
		t.Fatalf("the corpus holds %d kubeconfigs, want at least 45", len(files))
	}
	covered := map[string]bool{}
	for _, row := range rows {
		covered[row.File] = true
		t.Run(strings.TrimSuffix(row.File, ".yaml")+"#"+row.Context, func(t *testing.T) {
			data := readCorpusFile(t, row.File)
			got, _ := run(t, data, row.Context)
			want := row
			want.File, want.Context = "", ""
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (context %q) (-want +got):\n%s", row.File, row.Context, diff)
			}
		})
	}
	for _, name := range files {
		if !covered[name] {
			t.Errorf("%s has no row in expected.json", name)
		}
	}
}

// Every refusal code and every notice code appears in the table at least once.
func TestCorpusCoversEveryCode(t *testing.T) {
	seen := map[string]bool{}
	for _, row := range loadExpected(t) {
		seen[row.Code] = true
		for _, n := range row.Notices {
			seen[n] = true
		}
	}
	// The codes only a generated file can show are covered by TestGenerated.
	generated := map[string]bool{CodeTooLarge: true}
	for _, code := range allCodes {
		if !seen[code] && !generated[code] {
			t.Errorf("no corpus file shows %s", code)
		}
	}
}

var allCodes = []string{
	CodeTooLarge, CodeEncoding, CodeDirective, CodeSyntax, CodeTooDeep, CodeMultipleDocuments, CodeEmpty,
	CodeNotMapping, CodeAlias, CodeMergeKey, CodeTag, CodeDuplicateKey, CodeComplexKey, CodeType, CodeBase64,
	CodeMissingName, CodeDuplicateName, CodeNoCurrentContext, CodeMissingContext, CodeMissingCluster,
	CodeMissingUser, CodeServerMissing, CodeServerScheme, CodeServerControl, CodeServerWhitespace,
	CodeServerInvisible, CodeServerBackslash, CodeServerNonASCII, CodeServerUserinfo, CodeServerQuery,
	CodeServerFragment, CodeServerHost, CodeServerPort, CodeServerPathPercent, CodeServerPathEmptySegment,
	CodeServerPathDotSegment,
	NoticePlaintext, NoticeInsecureTLS, NoticeNotImported, NoticeCredentialPlugin, NoticeAnonymous,
}

var canaryPattern = regexp.MustCompile(`cnry[A-Za-z0-9]{28}`)

// secretsOf lists what must never be repeated from a corpus file: its canaries (every token,
// password, client secret and key in the corpus is or holds one), and the certificate and key
// material of testdata/kubeconfig/pki, base64 and decoded, when the file holds it.
func secretsOf(t *testing.T, data []byte) []string {
	plain := bytes.ReplaceAll(data, []byte{0}, nil) // the UTF-16 file
	var secrets []string
	for _, c := range canaryPattern.FindAll(plain, -1) {
		secrets = append(secrets, string(c))
	}
	for _, name := range pkiFiles {
		pem := readCorpusFile(t, name)
		b64 := b64(pem)
		if bytes.Contains(plain, []byte(b64[:40])) || bytes.Contains(plain, pem[30:70]) {
			secrets = append(secrets, b64, string(pem))
		}
	}
	return secrets
}

// leak reports the first run of 8 characters of secret that text repeats.
func leak(text, secret string) (string, bool) {
	const window = 8
	for i := 0; i+window <= len(secret); i++ {
		w := secret[i : i+window]
		if strings.TrimSpace(w) != w || strings.Contains(w, "\n") {
			continue
		}
		if strings.Contains(text, w) {
			return w, true
		}
	}
	return "", false
}

// TestNothingSaidRepeatsASecret runs every row and every context of every file, and checks that
// no refusal, notice or Validate sentence repeats 8 characters in a row of any token, password,
// key or certificate in the file.
func TestNothingSaidRepeatsASecret(t *testing.T) {
	owner := map[string]string{}
	for _, name := range corpusFiles(t) {
		data := readCorpusFile(t, name)
		secrets := secretsOf(t, data)
		canaries := canaryPattern.FindAll(bytes.ReplaceAll(data, []byte{0}, nil), -1)
		if len(canaries) == 0 {
			t.Errorf("%s holds no canary token", name)
		}
		for _, c := range canaries {
			if other, ok := owner[string(c)]; ok && other != name {
				t.Errorf("%s and %s share a canary", name, other)
			}
			owner[string(c)] = name
		}
		contexts := []string{"", "nope"}
		if f, err := Parse(data); err == nil {
			contexts = append(contexts, f.Contexts()...)
		}
		for _, ctx := range contexts {
			_, said := run(t, data, ctx)
			for _, sentence := range said {
				for _, s := range secrets {
					if w, bad := leak(sentence, s); bad {
						t.Errorf("%s (context %q): %q repeats %q of a secret", name, ctx, sentence, w)
					}
				}
			}
		}
	}
}
