-- A delivery merged into another's message (a burst of life-safety messages to one address goes as one, naming every location).
ALTER TABLE "alert_deliveries" ADD COLUMN "merged_into" uuid;
