package report

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
)

// ReportVersion is the version of validate's JSON, JSON Lines and of the
// formats and diff JSON documents. It changes only when a member changes
// meaning or goes away; new members may appear in any version.
const ReportVersion = 1

// ReportFormats are validate's --format values.
func ReportFormats() []string { return []string{"text", "json", "jsonl", "github", "sarif"} }

// FileReport is what validate found in one file.
type FileReport struct {
	Path     string       `json:"path"`
	Format   string       `json:"format"`   // "" when it could not be told
	Encoding string       `json:"encoding"` // "" when the file could not be read
	Games    int          `json:"games"`    // records found, including one that could not be read
	Valid    bool         `json:"valid"`
	Errors   []Diagnostic `json:"errors"`
	Warnings []Diagnostic `json:"warnings"`
}

// Summary is the tally of a validate run.
type Summary struct {
	Files    int            `json:"files"`
	Valid    int            `json:"valid"`
	Invalid  int            `json:"invalid"`
	Errors   int            `json:"errors"`
	Warnings int            `json:"warnings"`
	Skipped  int            `json:"skipped"`
	Reasons  map[string]int `json:"skipped_by_reason"` // never null
	Stopped  bool           `json:"interrupted"`
}

// Add counts one file's report.
func (s *Summary) Add(r *FileReport) {
	s.Files++
	if r.Valid {
		s.Valid++
	} else {
		s.Invalid++
	}
	s.Errors += len(r.Errors)
	s.Warnings += len(r.Warnings)
}

// Line is the summary validate prints on standard error; skipped says
// what the directory walks skipped ("" for nothing).
func (s *Summary) Line(skipped string) string {
	b := Plural(s.Files, "file") + ": " + strconv.Itoa(s.Valid) + " valid, " + strconv.Itoa(s.Invalid) + " invalid, " +
		Plural(s.Errors, "error") + ", " + Plural(s.Warnings, "warning")
	if skipped != "" {
		b += "; " + skipped
	}
	if s.Stopped {
		b += "; interrupted"
	}
	return b
}

// Plural writes a count with its noun: "1 file", "2 files".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Reporter writes validate's results: file is called once per finished
// file, in input order, as soon as that file and all before it are done;
// end once with the tally (also after an interrupt).
type Reporter interface {
	File(r *FileReport) error
	End(s *Summary) error
}

// NewReporter returns the reporter of format (one of ReportFormats; text
// otherwise); version is kifconv's, named in SARIF logs. quiet leaves the
// warnings out of text and github reports.
func NewReporter(format string, out io.Writer, p *DiagnosticPrinter, quiet bool, version string) Reporter {
	switch format {
	case "json":
		return hinted{&jsonReporter{out: out}, p.Hints}
	case "jsonl":
		return hinted{&jsonlReporter{out: out}, p.Hints}
	case "github":
		return hinted{&githubReporter{out: out, quiet: quiet}, p.Hints}
	case "sarif":
		return hinted{&sarifReporter{out: out, version: version}, p.Hints}
	}
	return &textReporter{out: out, p: p, quiet: quiet}
}

// hinted gives a machine format the messages with their hints worded, as
// the text printer words them.
type hinted struct {
	Reporter
	hints func(Hint) string
}

func (h hinted) File(r *FileReport) error {
	c := *r
	c.Errors, c.Warnings = withHints(r.Errors, h.hints), withHints(r.Warnings, h.hints)
	return h.Reporter.File(&c)
}

// withHints returns ds with each message ending in its hint.
func withHints(ds []Diagnostic, hints func(Hint) string) []Diagnostic {
	out := make([]Diagnostic, len(ds))
	for i, d := range ds {
		d.Message, d.Hint = d.Text(hints), NoHint
		out[i] = d
	}
	return out
}

// textReporter prints compiler-style diagnostics; the summary goes to
// standard error (runValidate prints it).
type textReporter struct {
	out   io.Writer
	p     *DiagnosticPrinter
	quiet bool
}

// inOrder returns a file's errors and warnings together, in the order of
// their records and lines (those with no line after the others of their
// record), so that a warning reads before the error that followed it.
func inOrder(r *FileReport, quiet bool) []Diagnostic {
	ds := make([]Diagnostic, 0, len(r.Errors)+len(r.Warnings))
	ds = append(ds, r.Errors...)
	if !quiet {
		ds = append(ds, r.Warnings...)
	}
	line := func(d *Diagnostic) int {
		if d.Line == 0 {
			return int(^uint(0) >> 1)
		}
		return d.Line
	}
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := &ds[i], &ds[j]
		if a.Game != b.Game {
			return a.Game < b.Game
		}
		if line(a) != line(b) {
			return line(a) < line(b)
		}
		return a.Col < b.Col
	})
	return ds
}

func (t *textReporter) File(r *FileReport) error {
	var b []byte
	for _, d := range inOrder(r, t.quiet) {
		b = t.p.Append(b, &d)
	}
	if len(b) == 0 {
		return nil
	}
	_, err := t.out.Write(b)
	return err
}

func (t *textReporter) End(*Summary) error { return nil }

func marshalJSON(v any, indent bool) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		panic(err) // only plain structs, maps and strings are encoded
	}
	return b.Bytes()
}

// jsonReporter writes one document at the end.
type jsonReporter struct {
	out   io.Writer
	files []FileReport
}

func (j *jsonReporter) File(r *FileReport) error {
	j.files = append(j.files, *r)
	return nil
}

func (j *jsonReporter) End(s *Summary) error {
	doc := struct {
		Version int          `json:"version"`
		Files   []FileReport `json:"files"`
		Summary *Summary     `json:"summary"`
	}{ReportVersion, j.files, s}
	if doc.Files == nil {
		doc.Files = []FileReport{}
	}
	_, err := j.out.Write(marshalJSON(doc, true))
	return err
}

// jsonlReporter writes one object per file as it is done, then the tally.
type jsonlReporter struct{ out io.Writer }

func (j *jsonlReporter) File(r *FileReport) error {
	_, err := j.out.Write(marshalJSON(struct {
		Type string `json:"type"`
		*FileReport
	}{"file", r}, false))
	return err
}

func (j *jsonlReporter) End(s *Summary) error {
	_, err := j.out.Write(marshalJSON(struct {
		Type    string `json:"type"`
		Version int    `json:"version"`
		*Summary
	}{"summary", ReportVersion, s}, false))
	return err
}

// githubReporter writes GitHub Actions workflow commands, which the
// runner shows as annotations on the files.
type githubReporter struct {
	out   io.Writer
	quiet bool
}

func (g *githubReporter) File(r *FileReport) error {
	var b []byte
	for _, d := range inOrder(r, g.quiet) {
		b = appendGitHub(b, &d)
	}
	_, err := g.out.Write(b)
	return err
}

func (g *githubReporter) End(*Summary) error { return nil }

// appendGitHub appends "::error file=…,line=…,col=…,title=[code]::message",
// escaped as the runner unescapes workflow commands: % CR LF in the message,
// and : , as well in the properties.
func appendGitHub(b []byte, d *Diagnostic) []byte {
	b = append(b, "::"...)
	b = append(b, d.Severity...)
	b = append(b, " file="...)
	b = append(b, escapeGitHub(filepath.ToSlash(d.Path), true)...)
	// Same shape as DecodeError.Error in charset/charset.go: the texts
	// differ (",line=N,col=M" here, prose "line N, column M" there).
	if d.Line > 0 {
		b = append(b, ",line="...)
		b = strconv.AppendInt(b, int64(d.Line), 10)
		if d.Col > 0 {
			b = append(b, ",col="...)
			b = strconv.AppendInt(b, int64(d.Col), 10)
		}
	}
	b = append(b, ",title="...)
	b = append(b, escapeGitHub("["+d.Code+"]", true)...)
	b = append(b, "::"...)
	b = append(b, escapeGitHub(unplacedMessage(d), false)...)
	return append(b, '\n')
}

// unplacedMessage is a diagnostic's message for a format that places it
// by line only: one with no line names its game, which the line would have
// located.
func unplacedMessage(d *Diagnostic) string {
	if d.Line == 0 && d.Game > 0 {
		return "game " + strconv.Itoa(d.Game) + ": " + d.Message
	}
	return d.Message
}

var (
	githubData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	githubProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeGitHub(s string, property bool) string {
	if property {
		return githubProperty.Replace(s)
	}
	return githubData.Replace(s)
}

// sarifReporter writes one SARIF 2.1.0 log at the end, with one rule per
// code that occurs, described from parse.Codes.
type sarifReporter struct {
	out     io.Writer
	results []sarifResult
	rules   map[string]bool
	version string
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

func (s *sarifReporter) File(r *FileReport) error {
	if s.rules == nil {
		s.rules = map[string]bool{}
	}
	for _, ds := range [][]Diagnostic{r.Errors, r.Warnings} {
		for _, d := range ds {
			s.rules[d.Code] = true
			res := sarifResult{RuleID: d.Code, Level: d.Severity, Message: sarifMessage{unplacedMessage(&d)}}
			var loc sarifLocation
			loc.PhysicalLocation.ArtifactLocation.URI = sarifURI(d.Path)
			if d.Line > 0 {
				loc.PhysicalLocation.Region = &sarifRegion{StartLine: d.Line, StartColumn: d.Col}
			}
			res.Locations = []sarifLocation{loc}
			s.results = append(s.results, res)
		}
	}
	return nil
}

// sarifURI turns a path into a URI reference: slashes, and the characters
// a URI path cannot hold escaped; an absolute path becomes a file:// URI
// (a path that starts with / is no place a SARIF viewer finds), a relative
// one stays relative to the working directory.
func sarifURI(p string) string {
	if filepath.IsAbs(p) {
		path := filepath.ToSlash(p)
		if !strings.HasPrefix(path, "/") {
			path = "/" + path // a Windows volume, C:/…
		}
		return (&url.URL{Scheme: "file", Path: path}).String()
	}
	u := url.URL{Path: filepath.ToSlash(p)}
	s := u.EscapedPath()
	// A colon in the first segment would read as a scheme.
	if first, _, _ := strings.Cut(s, "/"); strings.Contains(first, ":") {
		s = "./" + s
	}
	return s
}

func (s *sarifReporter) End(*Summary) error {
	var ids []string
	for id := range s.rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	index := map[string]int{}
	rules := make([]sarifRule, 0, len(ids))
	for i, id := range ids {
		index[id] = i
		c, _ := parse.LookupCode(id)
		rules = append(rules, sarifRule{ID: id, ShortDescription: sarifMessage{c.Meaning}})
	}
	results := s.results
	if results == nil {
		results = []sarifResult{}
	}
	for i := range results {
		results[i].RuleIndex = index[results[i].RuleID]
	}
	type driver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	type run struct {
		Tool struct {
			Driver driver `json:"driver"`
		} `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	var r run
	r.Tool.Driver = driver{Name: "kifconv", Version: s.version, InformationURI: "https://github.com/kifconv/kifconv", Rules: rules}
	r.Results = results
	doc := struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}{"https://json.schemastore.org/sarif-2.1.0.json", "2.1.0", []run{r}}
	_, err := s.out.Write(marshalJSON(doc, true))
	return err
}
