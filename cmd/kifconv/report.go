package main

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

// reportVersion is the version of validate's JSON, JSON Lines and of the
// formats and diff JSON documents. It changes only when a member changes
// meaning or goes away; new members may appear in any version.
const reportVersion = 1

// reportFormats are validate's --format values.
var reportFormats = []string{"text", "json", "jsonl", "github", "sarif"}

// summary is the tally of a validate run.
type summary struct {
	Files    int            `json:"files"`
	Valid    int            `json:"valid"`
	Invalid  int            `json:"invalid"`
	Errors   int            `json:"errors"`
	Warnings int            `json:"warnings"`
	Skipped  int            `json:"skipped"`
	Reasons  map[string]int `json:"skipped_by_reason"` // never null
	Stopped  bool           `json:"interrupted"`
}

func (s *summary) add(r *fileReport) {
	s.Files++
	if r.Valid {
		s.Valid++
	} else {
		s.Invalid++
	}
	s.Errors += len(r.Errors)
	s.Warnings += len(r.Warnings)
}

// reporter writes validate's results: file is called once per finished
// file, in input order, as soon as that file and all before it are done;
// end once with the tally (also after an interrupt).
type reporter interface {
	file(r *fileReport) error
	end(s *summary) error
}

func newReporter(format string, out io.Writer, p *diagPrinter, quiet bool) reporter {
	switch format {
	case "json":
		return &jsonReporter{out: out}
	case "jsonl":
		return &jsonlReporter{out: out}
	case "github":
		return &githubReporter{out: out, quiet: quiet}
	case "sarif":
		return &sarifReporter{out: out}
	}
	return &textReporter{out: out, p: p, quiet: quiet}
}

// textReporter prints compiler-style diagnostics; the summary goes to
// standard error (runValidate prints it).
type textReporter struct {
	out   io.Writer
	p     *diagPrinter
	quiet bool
}

func (t *textReporter) file(r *fileReport) error {
	var b []byte
	for _, ds := range [][]diag{r.Errors, r.Warnings} {
		for i := range ds {
			if t.quiet && ds[i].Severity == sevWarning {
				continue
			}
			b = t.p.append(b, &ds[i])
		}
	}
	if len(b) == 0 {
		return nil
	}
	_, err := t.out.Write(b)
	return err
}

func (t *textReporter) end(*summary) error { return nil }

func marshal(v any, indent bool) []byte {
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
	files []fileReport
}

func (j *jsonReporter) file(r *fileReport) error {
	j.files = append(j.files, *r)
	return nil
}

func (j *jsonReporter) end(s *summary) error {
	doc := struct {
		Version int          `json:"version"`
		Files   []fileReport `json:"files"`
		Summary *summary     `json:"summary"`
	}{reportVersion, j.files, s}
	if doc.Files == nil {
		doc.Files = []fileReport{}
	}
	_, err := j.out.Write(marshal(doc, true))
	return err
}

// jsonlReporter writes one object per file as it is done, then the tally.
type jsonlReporter struct{ out io.Writer }

func (j *jsonlReporter) file(r *fileReport) error {
	_, err := j.out.Write(marshal(struct {
		Type string `json:"type"`
		*fileReport
	}{"file", r}, false))
	return err
}

func (j *jsonlReporter) end(s *summary) error {
	_, err := j.out.Write(marshal(struct {
		Type    string `json:"type"`
		Version int    `json:"version"`
		*summary
	}{"summary", reportVersion, s}, false))
	return err
}

// githubReporter writes GitHub Actions workflow commands, which the
// runner shows as annotations on the files.
type githubReporter struct {
	out   io.Writer
	quiet bool
}

func (g *githubReporter) file(r *fileReport) error {
	var b []byte
	for _, ds := range [][]diag{r.Errors, r.Warnings} {
		for i := range ds {
			if g.quiet && ds[i].Severity == sevWarning {
				continue
			}
			b = appendGitHub(b, &ds[i])
		}
	}
	_, err := g.out.Write(b)
	return err
}

func (g *githubReporter) end(*summary) error { return nil }

// appendGitHub appends "::error file=…,line=…,col=…,title=[code]::message",
// escaped as the runner unescapes workflow commands: % CR LF in the message,
// and : , as well in the properties.
func appendGitHub(b []byte, d *diag) []byte {
	b = append(b, "::"...)
	b = append(b, d.Severity...)
	b = append(b, " file="...)
	b = append(b, escapeGitHub(filepath.ToSlash(d.Path), true)...)
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
	msg := d.Message
	if d.Line == 0 && d.Game > 0 {
		msg = "game " + strconv.Itoa(d.Game) + ": " + msg
	}
	b = append(b, escapeGitHub(msg, false)...)
	return append(b, '\n')
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

func (s *sarifReporter) file(r *fileReport) error {
	if s.rules == nil {
		s.rules = map[string]bool{}
	}
	for _, ds := range [][]diag{r.Errors, r.Warnings} {
		for _, d := range ds {
			s.rules[d.Code] = true
			res := sarifResult{RuleID: d.Code, Level: d.Severity, Message: sarifMessage{d.Message}}
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
// a URI path cannot hold escaped.
func sarifURI(p string) string {
	u := url.URL{Path: filepath.ToSlash(p)}
	s := u.EscapedPath()
	// A colon in the first segment would read as a scheme.
	if first, _, _ := strings.Cut(s, "/"); strings.Contains(first, ":") {
		s = "./" + s
	}
	return s
}

func (s *sarifReporter) end(*summary) error {
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
	r.Tool.Driver = driver{Name: "kifconv", Version: version, InformationURI: "https://github.com/kifconv/kifconv", Rules: rules}
	r.Results = results
	doc := struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}{"https://json.schemastore.org/sarif-2.1.0.json", "2.1.0", []run{r}}
	_, err := s.out.Write(marshal(doc, true))
	return err
}
