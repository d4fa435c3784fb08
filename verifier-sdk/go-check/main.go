// Command go-check checks a wallet-state transparency log with Go's own transparency-log code
// (golang.org/x/mod/sumdb/note and golang.org/x/mod/sumdb/tlog), independently of the service's
// and the SDKs' implementations. It fetches the newest checkpoint and verifies its Ed25519
// signature line with note.Open; reads the tree through tlog.TileHashReader from the C2SP tiles
// the service serves (which checks every tile it reads against the signed root); proves and checks
// the inclusion of chosen entries, whose data it reads from the entry bundles; checks the
// inclusion proof the service gives for chosen statement ids; and, given a checkpoint saved
// earlier, proves and checks that the newest checkpoint's tree extends it (from the tiles, and the
// service's own consistency proof too).
//
//	go-check -log <base URL> -vkey <name+keyid+key> [-entries 0,17,599] [-ids att_…,…]
//	         [-older FILE] [-save FILE]
//
// Each check prints one line; the exit status is 0 when all passed, 1 when one failed (a line
// starting with FAIL says which), 2 for a usage error.
package main

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// The tiles' height: 256 hashes a tile, as C2SP tlog-tiles fixes it.
const height = 8

type checker struct {
	base     string
	verifier note.Verifiers
	origin   string
	client   *http.Client
}

// checkpoint is a verified checkpoint: its note text and the tree it commits to.
type checkpoint struct {
	text string
	tree tlog.Tree
}

func main() {
	base := flag.String("log", "", "the service's base URL")
	vkey := flag.String("vkey", "", "the log's Ed25519 verifier key (name+keyid+key)")
	entries := flag.String("entries", "", "leaf indexes to check, comma-separated")
	ids := flag.String("ids", "", "statement ids to check, comma-separated")
	older := flag.String("older", "", "a checkpoint saved earlier, which the newest must extend")
	save := flag.String("save", "", "where to save the newest checkpoint")
	flag.Parse()
	if *base == "" || *vkey == "" {
		fmt.Fprintln(os.Stderr, "usage: go-check -log URL -vkey VKEY [-entries I,…] [-ids ID,…] [-older FILE] [-save FILE]")
		os.Exit(2)
	}
	v, err := note.NewVerifier(strings.TrimSpace(*vkey))
	if err != nil {
		fmt.Fprintln(os.Stderr, "the verifier key:", err)
		os.Exit(2)
	}
	c := &checker{
		base:     strings.TrimRight(*base, "/") + "/v1/log/",
		verifier: note.VerifierList(v),
		origin:   v.Name(),
		client:   &http.Client{Timeout: 30 * time.Second},
	}
	if err := c.run(*entries, *ids, *older, *save); err != nil {
		fmt.Println("FAIL", err)
		os.Exit(1)
	}
}

func (c *checker) run(entries, ids, older, save string) error {
	text, err := c.get("checkpoint")
	if err != nil {
		return err
	}
	current, err := c.open(text)
	if err != nil {
		return fmt.Errorf("the newest checkpoint: %v", err)
	}
	fmt.Printf("OK checkpoint size %d signed by %s\n", current.tree.N, c.origin)
	hashes := tlog.TileHashReader(current.tree, &tiles{c})
	if current.tree.N > 0 {
		root, err := tlog.TreeHash(current.tree.N, hashes)
		if err != nil {
			return fmt.Errorf("the tiles: %v", err)
		}
		if root != current.tree.Hash {
			return errors.New("the tiles do not make the checkpoint's root")
		}
		fmt.Printf("OK tiles make the root of size %d\n", current.tree.N)
	}
	for _, field := range split(entries) {
		n, err := strconv.ParseInt(field, 10, 64)
		if err != nil {
			return fmt.Errorf("-entries: %q is not an index", field)
		}
		if err := c.entry(current.tree, hashes, n); err != nil {
			return fmt.Errorf("entry %d: %v", n, err)
		}
	}
	for _, id := range split(ids) {
		if err := c.statement(id); err != nil {
			return fmt.Errorf("statement %s: %v", id, err)
		}
	}
	if older != "" {
		if err := c.consistency(older, current, hashes); err != nil {
			return err
		}
	}
	if save != "" {
		return os.WriteFile(save, []byte(current.text), 0o644)
	}
	return nil
}

// open verifies a checkpoint's Ed25519 line and reads its body.
func (c *checker) open(text []byte) (checkpoint, error) {
	n, err := note.Open(text, c.verifier)
	if err != nil {
		return checkpoint{}, err
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 || lines[0] != c.origin {
		return checkpoint{}, errors.New("the body is not a checkpoint of this log's origin")
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil || size < 0 {
		return checkpoint{}, errors.New("the size is not a decimal number")
	}
	root, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(root) != tlog.HashSize {
		return checkpoint{}, errors.New("the root hash is not 32 bytes of base64")
	}
	var hash tlog.Hash
	copy(hash[:], root)
	return checkpoint{text: string(text), tree: tlog.Tree{N: size, Hash: hash}}, nil
}

// entry reads leaf n's data from its entry bundle and proves its inclusion from the tiles.
func (c *checker) entry(tree tlog.Tree, hashes tlog.HashReader, n int64) error {
	if n < 0 || n >= tree.N {
		return fmt.Errorf("not in the tree of %d", tree.N)
	}
	bundle := tlog.Tile{H: height, L: 0, N: n / 256, W: 256}
	if bundle.N == tree.N/256 {
		bundle.W = int(tree.N % 256)
	}
	data, err := c.get(c2sp(bundle, "tile/entries/"))
	if err != nil {
		return err
	}
	record, err := nth(data, int(n%256))
	if err != nil {
		return err
	}
	proof, err := tlog.ProveRecord(tree.N, n, hashes)
	if err != nil {
		return err
	}
	if err := tlog.CheckRecord(proof, tree.N, tree.Hash, n, tlog.RecordHash(record)); err != nil {
		return err
	}
	fmt.Printf("OK entry %d included: %s\n", n, record)
	return nil
}

// statement checks the inclusion proof the service answers for a statement id, against the
// checkpoint it answers with (verified too).
func (c *checker) statement(id string) error {
	body, err := c.get("entries/" + id)
	if err != nil {
		return err
	}
	var answer struct {
		Data struct {
			Leaf           string   `json:"leaf"`
			Integrated     bool     `json:"integrated"`
			Index          int64    `json:"index"`
			TreeSize       int64    `json:"treeSize"`
			InclusionProof []string `json:"inclusionProof"`
			Checkpoint     string   `json:"checkpoint"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &answer); err != nil {
		return err
	}
	entry := answer.Data
	if !entry.Integrated {
		return errors.New("not integrated yet")
	}
	at, err := c.open([]byte(entry.Checkpoint))
	if err != nil {
		return fmt.Errorf("its checkpoint: %v", err)
	}
	if at.tree.N != entry.TreeSize {
		return errors.New("the proof's tree size is not its checkpoint's")
	}
	proof, err := decode(entry.InclusionProof)
	if err != nil {
		return err
	}
	record := tlog.RecordHash([]byte(entry.Leaf))
	if err := tlog.CheckRecord(tlog.RecordProof(proof), at.tree.N, at.tree.Hash, entry.Index, record); err != nil {
		return err
	}
	fmt.Printf("OK statement %s included at %d of %d\n", id, entry.Index, at.tree.N)
	return nil
}

// consistency checks that the current tree extends the one of the checkpoint saved in file.
func (c *checker) consistency(file string, current checkpoint, hashes tlog.HashReader) error {
	text, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	old, err := c.open(text)
	if err != nil {
		return fmt.Errorf("the older checkpoint: %v", err)
	}
	if old.tree.N > current.tree.N {
		return fmt.Errorf("the log shrank from %d to %d", old.tree.N, current.tree.N)
	}
	if old.tree.N == 0 {
		return nil
	}
	proof, err := tlog.ProveTree(current.tree.N, old.tree.N, hashes)
	if err != nil {
		return err
	}
	if err := tlog.CheckTree(proof, current.tree.N, current.tree.Hash, old.tree.N, old.tree.Hash); err != nil {
		return fmt.Errorf("size %d does not extend size %d: %v", current.tree.N, old.tree.N, err)
	}
	if old.tree.N < current.tree.N {
		body, err := c.get(fmt.Sprintf("consistency?from=%d&to=%d", old.tree.N, current.tree.N))
		if err != nil {
			return err
		}
		var answer struct {
			Data struct {
				Proof []string `json:"proof"`
			} `json:"data"`
		}
		if err := json.Unmarshal(body, &answer); err != nil {
			return err
		}
		served, err := decode(answer.Data.Proof)
		if err != nil {
			return err
		}
		if err := tlog.CheckTree(tlog.TreeProof(served), current.tree.N, current.tree.Hash, old.tree.N, old.tree.Hash); err != nil {
			return fmt.Errorf("the service's consistency proof: %v", err)
		}
	}
	fmt.Printf("OK size %d extends size %d\n", current.tree.N, old.tree.N)
	return nil
}

func (c *checker) get(path string) ([]byte, error) {
	response, err := c.client.Get(c.base + path)
	if err != nil {
		return nil, err
	}
	defer response.Body.Close()
	body, err := io.ReadAll(io.LimitReader(response.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if response.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered %d", path, response.StatusCode)
	}
	return body, nil
}

// tiles reads the tlog tiles of height 8 at the C2SP paths the service serves.
type tiles struct{ c *checker }

func (t *tiles) Height() int { return height }

func (t *tiles) ReadTiles(list []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(list))
	for i, tile := range list {
		data, err := t.c.get(c2sp(tile, "tile/"))
		if err != nil {
			return nil, err
		}
		if len(data) != tile.W*tlog.HashSize {
			return nil, fmt.Errorf("%s is %d bytes, not %d", tile.Path(), len(data), tile.W*tlog.HashSize)
		}
		out[i] = data
	}
	return out, nil
}

func (t *tiles) SaveTiles([]tlog.Tile, [][]byte) {}

// c2sp maps a tile's sumdb path, tile/8/L/N[.p/W], to the C2SP one under prefix: L/N[.p/W] for a
// tile of hashes (prefix "tile/"), N[.p/W] for an entry bundle (prefix "tile/entries/").
func c2sp(tile tlog.Tile, prefix string) string {
	path := strings.TrimPrefix(tile.Path(), fmt.Sprintf("tile/%d/", height))
	if prefix == "tile/entries/" {
		path = path[strings.Index(path, "/")+1:]
	}
	return prefix + path
}

// nth is the i-th entry of a bundle: entries each after a big-endian 16-bit length.
func nth(bundle []byte, i int) ([]byte, error) {
	for k := 0; ; k++ {
		if len(bundle) < 2 {
			return nil, fmt.Errorf("the bundle has no entry %d", i)
		}
		size := int(bundle[0])<<8 | int(bundle[1])
		if len(bundle) < 2+size {
			return nil, errors.New("the bundle ends inside an entry")
		}
		if k == i {
			return append([]byte(nil), bundle[2:2+size]...), nil
		}
		bundle = bundle[2+size:]
	}
}

func decode(list []string) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(list))
	for i, text := range list {
		raw, err := base64.StdEncoding.DecodeString(text)
		if err != nil || len(raw) != tlog.HashSize {
			return nil, fmt.Errorf("proof hash %d is not 32 bytes of base64", i)
		}
		copy(out[i][:], raw)
	}
	return out, nil
}

func split(list string) []string {
	var out []string
	for _, field := range strings.Split(list, ",") {
		if field = strings.TrimSpace(field); field != "" {
			out = append(out, field)
		}
	}
	return out
}
