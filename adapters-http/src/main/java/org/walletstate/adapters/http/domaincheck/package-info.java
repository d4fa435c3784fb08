/**
 * Looking for a merchant's verification token on its domain: DNS TXT through a real resolver, and
 * HTTPS fetches that cannot reach the service's own network (addresses checked after resolution, on
 * every redirect; size, time and redirects bounded).
 */
package org.walletstate.adapters.http.domaincheck;
