/**
 * The signing keys kept in AWS KMS: a small client of the KMS JSON API ({@code GetPublicKey},
 * {@code Sign}) signed with AWS Signature Version 4, and the P-256 and ML-DSA-65 keys it backs. The
 * private keys never leave KMS; the service holds their public keys and checks every signature KMS
 * returns.
 */
package org.walletstate.crypto.kms;
