package usi

import (
	"context"
	"errors"
	"sync"
)

// Client is an engine that restarts after a fault: it starts the engine on
// first use, and when a step fails with ErrExited, ErrTimeout or
// ErrProtocol it kills the engine, starts a new one (with a new game) and
// tries the step once more. A second fault is returned with Retried set;
// the next call starts a new engine again. A context's cancellation is
// never retried.
//
// A restart empties the engine's hash tables, so that the positions after
// it are searched as by a fresh engine; see internal/analysis on what that
// means for reproducibility.
type Client struct {
	cfg      Config
	e        *Engine
	restarts int
	name     string // the last engine's name
	gameOpen bool   // NewGame was called: a restarted engine gets a new game
	faults   []error
}

// NewClient returns a Client of the engine cfg names; nothing starts yet.
func NewClient(cfg Config) *Client { return &Client{cfg: cfg} }

// Engine returns the running engine, starting one when there is none (a
// start that fails with a fault is tried once more).
func (c *Client) Engine(ctx context.Context) (*Engine, error) {
	if c.e != nil && c.e.dead == nil {
		return c.e, nil
	}
	var err error
	for try := 0; try < 2; try++ {
		if c.e != nil {
			c.e.Kill()
			c.restarts++
		}
		c.e, err = Start(ctx, c.cfg)
		if err == nil || !isFault(err) {
			break
		}
		if try == 0 {
			c.faults = append(c.faults, err)
		}
		c.e = nil
	}
	if err != nil {
		c.e = nil
		return nil, retried(err, true)
	}
	c.name = c.e.Name
	return c.e, nil
}

// EngineName returns the name the engine gave (id name), or "" before
// it first started.
func (c *Client) EngineName() string {
	if c.e == nil {
		return c.name
	}
	return c.e.Name
}

// Restarts returns how many times the Client replaced a failed engine.
func (c *Client) Restarts() int { return c.restarts }

// Faults returns the faults the Client met and tried again after, since
// the last call (those of the steps that then succeeded among them), and
// forgets them.
func (c *Client) Faults() []error {
	f := c.faults
	c.faults = nil
	return f
}

// NewGame starts a new game on the engine (see Engine.NewGame).
func (c *Client) NewGame(ctx context.Context) error {
	c.gameOpen = false // tried again, the step itself starts the game
	err := c.do(ctx, func(e *Engine) error { return e.NewGame(ctx) })
	c.gameOpen = true
	return err
}

// Go searches pos within lim (see Engine.Go), on a restarted engine once
// more after a fault.
func (c *Client) Go(ctx context.Context, pos *Position, lim Limits) (Result, error) {
	var res Result
	err := c.do(ctx, func(e *Engine) error {
		var err error
		res, err = e.Go(ctx, pos, lim)
		return err
	})
	return res, err
}

// do runs step on the engine, and after a fault once more on a new one.
func (c *Client) do(ctx context.Context, step func(*Engine) error) error {
	for try := 0; ; try++ {
		e, err := c.Engine(ctx)
		if err != nil {
			return err
		}
		if try > 0 && c.gameOpen {
			if err := e.NewGame(ctx); err != nil {
				return retried(err, true)
			}
		}
		err = step(e)
		if err == nil || !isFault(err) || try == 1 {
			return retried(err, try == 1)
		}
		c.faults = append(c.faults, err)
	}
}

// retried marks a fault as the second of a step.
func retried(err error, again bool) error {
	var fe *Error
	if again && errors.As(err, &fe) {
		cp := *fe
		cp.Retried = true
		return &cp
	}
	return err
}

// Close ends the engine, if one runs.
func (c *Client) Close() error {
	if c.e == nil {
		return nil
	}
	err := c.e.Close()
	c.e = nil
	return err
}

// Pool holds a fixed number of Clients of one engine for concurrent
// workers: each worker takes one with Get and gives it back with Put.
// Engines start when first used, so a pool of N costs nothing until N
// positions are searched at once.
//
// N engine processes each run the engine's own threads (its Threads
// option, often the number of cores by default): on C cores, N × Threads
// should not exceed C, and Threads=1 with N=C gives the most positions a
// second and results that do not depend on the other engines' load.
type Pool struct {
	free chan *Client
	mu   sync.Mutex
	all  []*Client
}

// NewPool returns a pool of n Clients (at least one).
func NewPool(cfg Config, n int) *Pool {
	n = max(n, 1)
	p := &Pool{free: make(chan *Client, n)}
	for range n {
		c := NewClient(cfg)
		p.all = append(p.all, c)
		p.free <- c
	}
	return p
}

// Get takes a Client, waiting for one to be free.
func (p *Pool) Get(ctx context.Context) (*Client, error) {
	select {
	case c := <-p.free:
		return c, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// Put gives a Client back.
func (p *Pool) Put(c *Client) { p.free <- c }

// Close ends every engine of the pool; call it once no worker holds a
// Client.
func (p *Pool) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for _, c := range p.all {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}
