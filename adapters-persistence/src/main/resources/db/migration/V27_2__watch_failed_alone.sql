-- How many evaluations in a row a watch's own reads failed while its chain answered the other
-- watches (0: it is read in the chain's shared round). A watch with a count above 0 is read apart,
-- with a wait that doubles with the count.
alter table watch add column failed_alone int not null default 0;
