/**
 * Account addresses and asset identifiers of the supported chain families, each validated on
 * construction, and the encodings they are written in: Base58 and Base58Check, Bech32 and Bech32m,
 * Stellar's StrKey with its CRC-16/XMODEM.
 */
package org.walletstate.domain.address;
