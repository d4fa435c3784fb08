/** What this service reads from Bitcoin (through an Esplora indexer), as values. */
package org.walletstate.domain.bitcoin;
