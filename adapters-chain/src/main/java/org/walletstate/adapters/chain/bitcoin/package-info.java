/** Bitcoin read through an Esplora REST API, bracketed by two reads of the chain tip. */
package org.walletstate.adapters.chain.bitcoin;
