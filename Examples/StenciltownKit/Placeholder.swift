import Statecraft
